/**
 * What joining costs (docs/decisions/0006): the first year's subscription (the membership's
 * `price`) plus its one-off joining fee (`joiningFee`). The membership settings block's
 * `halfOffCouponId` offers half off the first year's subscription to the newly qualified
 * (qualified this year or in the two before; without a year given, no offer); the joining fee is
 * never discounted. Offline
 * payment owes the same amount, invoiced with the application's reference.
 */
import type { Application, MembershipTerms, AmountDue } from "../../domain/membership";
import type { GeneralPage, Membership } from "../../domain/content";
import type { ContentService } from "../content/content-service";

export const NEWLY_QUALIFIED_YEARS = 2;

const pence = (pounds: number | null) => Math.round((pounds ?? 0) * 100);

/** Terms for each membership, from the memberships and their information pages' settings blocks. */
export function membershipTerms(memberships: readonly Membership[], pages: readonly GeneralPage[]): Map<string, MembershipTerms> {
  const settings = new Map<string, Extract<GeneralPage["blocks"][number], { kind: "membership-settings" }>>();
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === "membership-settings" && block.membership && !settings.has(block.membership.slug)) settings.set(block.membership.slug, block);
    }
  }
  return new Map(
    memberships.map((m) => [
      m.slug,
      {
        id: m.id,
        slug: m.slug,
        title: m.title,
        evidence: m.evidence,
        vetting: m.vetting,
        vatTreatment: m.vatTreatment,
        subscriptionPence: pence(m.price),
        joiningFeePence: pence(m.joiningFee),
        halfOffForNewlyQualified: Boolean(settings.get(m.slug)?.halfOffCouponId),
        stripe: {
          subscriptionPriceId: settings.get(m.slug)?.subscriptionPriceId ?? m.stripePriceId,
          initialPriceId: settings.get(m.slug)?.initialPriceId ?? null,
          halfOffCouponId: settings.get(m.slug)?.halfOffCouponId ?? null,
        },
      },
    ]),
  );
}

/** Half of a subscription, to the penny (halves up): what the newly qualified pay for their first year. */
/** The terms as the published content states them now (types, and the pages their conditions link to). */
export const publishedTerms = (content: Pick<ContentService, "memberships" | "allGeneralPages">) => async (): Promise<Map<string, MembershipTerms>> =>
  membershipTerms(await content.memberships(), await content.allGeneralPages());

export const halfPrice = (pence: number) => Math.round(pence / 2);

/**
 * What the first year costs. The newly-qualified offer needs a year of qualification: an
 * applicant who gave none (their membership type does not ask for it, or it is optional and left
 * empty) pays the full subscription.
 */
export function amountDue(terms: MembershipTerms, yearQualified: number | null, now: Date): AmountDue {
  const halfOff = terms.halfOffForNewlyQualified && yearQualified !== null && now.getUTCFullYear() - yearQualified <= NEWLY_QUALIFIED_YEARS;
  const subscriptionPence = halfOff ? halfPrice(terms.subscriptionPence) : terms.subscriptionPence;
  return { totalPence: subscriptionPence + terms.joiningFeePence, subscriptionPence, joiningFeePence: terms.joiningFeePence, halfOff };
}

/**
 * A join application's amount due in its two parts: the first year's subscription (after the
 * half-price offer and any code) and the joining fee, as recorded when it was made. Null when the
 * application did not record its joining fee (renewals, changes of type, older joins) or the
 * record does not fit inside the amount due.
 */
export function joinParts(application: Pick<Application, "amountDuePence" | "joiningFeePence">): { subscriptionPence: number; joiningFeePence: number } | null {
  const fee = application.joiningFeePence;
  if (fee === null || fee === undefined || fee < 0 || fee > application.amountDuePence) return null;
  return { subscriptionPence: application.amountDuePence - fee, joiningFeePence: fee };
}

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A payment reference applicants quote: GH- and eight characters that cannot be misread. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `GH-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("")}`;
}
