/**
 * The member's side of the membership year (docs/decisions/0015-membership-year.md): changing
 * membership type from /user/membership, and asking to renew a membership paid offline.
 *
 * - The type changed to asks what joining it asks: its evidence (a registration number, the year
 *   qualified…, from the CMS) must be in the member's saved details, or nothing changes and the
 *   member is told what to add on /user/profile.
 * - An upgrade paid offline with an amount due takes effect when it is paid: the pro-rata
 *   difference (change-pricing.ts) becomes an application of kind "change" with its own
 *   reference, which staff record on /staff/applications like any other, and only that recording
 *   moves the record (and so the proof of membership) to the new type. Nothing to pay (a change
 *   at the same price, an upgrade in grace whose renewal is at the new price): at once. Paid by
 *   card, Stripe moves the subscription to the new price and invoices the difference at once (its
 *   proration).
 * - A downgrade waits for the next renewal (the record keeps it as its next membership); by card,
 *   Stripe's subscription moves to the new price without proration, so the renewal charges it.
 *   Choosing the current type again while a downgrade waits withdraws it.
 * - A renewal of a membership renewed by hand (paid offline, or by card with no live Stripe
 *   subscription: src/shared/renewal-way.ts) is an application of kind "renewal" (one per period),
 *   for the price of the membership the record renews into: paid by bank transfer (staff record
 *   it) or, when Stripe is configured, by card in one Checkout payment (payments/renewal-*.ts);
 *   either extends the period.
 * Every step acts on the signed-in user's own record only.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { MembershipChangeStore, NewChange, NewYearApplication, RenewalPrice } from "../../adapters/d1/membership-changes";
import type { MembershipStore } from "../../adapters/d1/memberships";
import { NO_APPLICATION_DETAILS, type Application, type DirectDebitScheme, type MembershipRecord, type MembershipTerms, type ScheduledMembership } from "../../domain/membership";
import type { ChangeBlock, ChangeOption, ChangeOptions, MemberState } from "../../domain/membership-lifecycle";
import type { JoinPage } from "../../domain/content";
import { EVIDENCE_FIELDS, evidenceProblems, joinRequirements, type EvidenceField } from "../../shared/join-form";
import { formValues } from "../profile/member-profile";

export type { ChangeBlock, ChangeOption, ChangeOptions };
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";
import { AppError } from "../../errors";
import type { BillingDetails } from "../../shared/billing-details";
import { applicationProForma } from "../pro-forma/pro-forma-content";
import type { Logger } from "../../log";
import { checkoutUrlOrUnavailable, type CardPayments } from "../payments/card-payments";
import { expireMembershipCheckout } from "../payments/membership-checkout";
import { renewalCheckoutUrl } from "../payments/renewal-checkout";
import { quoteChange } from "./change-pricing";
import { memberState } from "./member-state";
import { renewalPence } from "./renewal-price";
import { renewsAutomatically } from "../../shared/renewal-way";
import { newReference } from "./terms";

export interface MembershipChangeDeps {
  memberships: Pick<MembershipStore, "forUser">;
  /** A renewal's pro-forma invoice, when it is to be paid by bank transfer. */
  proForma: Pick<ProFormaIssuer, "issue" | "deliverSoon">;
  applications: Pick<ApplicationStore, "latestForUser" | "setPaymentMethod">;
  changes: MembershipChangeStore;
  terms: () => Promise<Map<string, MembershipTerms>>;
  /** The join page's registration-number format, which a type without its own uses (as joining does). */
  joinPage: () => Promise<Pick<JoinPage, "registrationNumberPattern" | "registrationNumberExample"> | null>;
  card: CardPayments | null;
  graceDays: number;
  now: () => Date;
  log: Logger;
}

export type ChangeOutcome = { kind: "done"; to: string } | { kind: "problem"; message: string };

const PAGE = "/user/membership";

/** Why this record cannot change type now, or null when it can (members only: active, renewal due or in grace). */
function changeBlock(record: MembershipRecord, state: MemberState, facts: { priced: boolean; pendingChange: boolean; card: boolean }): ChangeBlock | null {
  if (state.kind === "lapsed" || state.kind === "cancelled") return "ended";
  if (state.kind === "awaiting_payment") return "awaiting-payment";
  // Set to end at its period end (staff chose so with a refund): there is no next year to change.
  if (state.kind === "active" && state.ending) return "ending";
  if (record.periodEnd === null) return "open-ended";
  if (!facts.priced) return "unpriced";
  if (facts.pendingChange) return "change-awaiting-payment";
  if (record.paymentMethod === "card" && (!facts.card || !record.stripeSubscriptionId)) return "card-unavailable";
  return null;
}

/** The evidence as the member's details page names it, for "add … on your details page". */
const EVIDENCE_WORDS: Record<EvidenceField, string> = {
  registrationNumber: "your professional registration number",
  yearQualified: "the year you qualified",
  workplace: "your workplace",
  placeOfStudy: "your university or college, and course",
};

const listed = (words: string[]) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

export type MembershipChangeService = ReturnType<typeof createMembershipChangeService>;

export function createMembershipChangeService(deps: MembershipChangeDeps) {
  /** An application of the member's own for a renewal or a change, with their details from joining (a change invoices nobody else). */
  async function yearApplication(
    record: MembershipRecord,
    fields: Pick<NewYearApplication, "kind" | "idempotencyKey" | "membershipSlug" | "membershipTitle" | "vatTreatment" | "amountDuePence"> & { billing?: BillingDetails | null },
  ) {
    const joined = await deps.applications.latestForUser(record.userId);
    const application: NewYearApplication = {
      ...fields,
      id: crypto.randomUUID(),
      reference: newReference(),
      userId: record.userId,
      email: record.email,
      givenName: joined?.givenName ?? "",
      familyName: joined?.familyName ?? "",
      paymentMethod: "offline",
      details: joined?.details ?? NO_APPLICATION_DETAILS,
      billing: fields.billing ?? null,
    };
    return application;
  }

  async function load(userId: string): Promise<ChangeOptions & { terms: Map<string, MembershipTerms> }> {
    const now = deps.now();
    const [record, terms] = await Promise.all([deps.memberships.forUser(userId), deps.terms()]);
    const state = record ? memberState(record, deps.graceDays, now) : null;
    const open = record ? await deps.changes.openApplications(userId) : [];
    const pendingChange = open.find((a) => a.kind === "change") ?? null;
    const current = record ? terms.get(record.membershipSlug) : undefined;
    const block = record && state ? changeBlock(record, state, { priced: current !== undefined, pendingChange: pendingChange !== null, card: deps.card !== null }) : "not-member";
    const renewalAwaitingPayment = open.some((a) => a.kind === "renewal");
    const list = [...terms.values()].map((t): ChangeOption => ({
      slug: t.slug,
      title: t.title,
      pence: t.subscriptionPence,
      quote:
        record && current && record.periodEnd && t.slug !== record.membershipSlug
          ? quoteChange({ fromPence: current.subscriptionPence, toPence: t.subscriptionPence, period: { start: record.periodStart, end: record.periodEnd }, now, renewalAwaitingPayment })
          : null,
    }));
    return { record, state, block, pendingChange, scheduled: record?.nextMembership ?? null, options: block ? [] : list, terms };
  }

  const renewalPrice = (terms: Map<string, MembershipTerms>, slug: string): RenewalPrice => {
    const t = terms.get(slug)!;
    return { slug: t.slug, title: t.title, pence: t.subscriptionPence };
  };

  /** Stripe moves the card member's subscription to the price of `slug`; the proration invoice, if any. */
  async function moveSubscription(record: MembershipRecord, target: MembershipTerms, prorate: boolean, key: string): Promise<string | null> {
    const card = deps.card!;
    const priceId = target.stripe.subscriptionPriceId;
    if (!priceId) throw new AppError("PAYMENT_UNAVAILABLE", `${target.title} cannot be paid by card just now. Please contact the office to change your membership.`);
    try {
      const moved = await card.billing.changeSubscriptionPrice(record.stripeSubscriptionId!, priceId, {
        prorate,
        prorationDate: Math.floor(deps.now().getTime() / 1000),
        idempotencyKey: `membership-change:${key}`,
      });
      return moved.invoiceId;
    } catch (error) {
      deps.log.error("membership.change_stripe_failed", { userId: record.userId, to: target.slug, error });
      throw new AppError("PAYMENT_UNAVAILABLE", "We could not change your card subscription just now. Nothing has been changed; please try again in a few minutes.", {
        cause: error,
      });
    }
  }

  /**
   * A change of type reprices the offline member's renewal awaiting payment (its type and price):
   * the Checkout opened for it before charges the old price for the old type, so it is closed.
   * Best effort: a payment that still arrives for it completes nothing (payments/renewal-payment.ts),
   * and an open session at another price is never reused (payments/checkout-session.ts).
   */
  async function closeRepricedCheckout(record: MembershipRecord): Promise<void> {
    if (!deps.card || record.paymentMethod !== "offline") return;
    const renewal = (await deps.changes.openApplications(record.userId)).find((a) => a.kind === "renewal");
    if (renewal) await expireMembershipCheckout(deps.card, renewal.id);
  }

  /**
   * Why the member's saved details do not meet `target`'s evidence, or null when they do: the
   * same rules joining `target` applies, to the details they joined with (and keep on /user/profile).
   */
  async function missingEvidence(userId: string, target: MembershipTerms): Promise<string | null> {
    const [joined, joinPage] = await Promise.all([deps.applications.latestForUser(userId), deps.joinPage()]);
    const requirements = joinRequirements(target.evidence, joinPage ?? undefined);
    const asked = EVIDENCE_FIELDS.filter((field) => requirements.evidence[field] === "required");
    if (!joined || joined.status === "rejected") {
      if (asked.length === 0) return null;
      return `${target.title} asks for ${listed(asked.map((f) => EVIDENCE_WORDS[f]))}, and we hold no professional details for you. Please contact the office to change your membership.`;
    }
    const problems = evidenceProblems(requirements, formValues(joined));
    const fields = EVIDENCE_FIELDS.filter((field) => problems[field]);
    if (fields.length === 0) return null;
    return `${target.title} asks for ${listed(fields.map((f) => EVIDENCE_WORDS[f]))} as joining it does. Add ${fields.length > 1 ? "them" : "it"} on your details page (/user/profile), then change your membership. Nothing has been changed.`;
  }

  /** After a claim that did nothing: the same form again (done already), or a record that moved on meanwhile. */
  async function repeated(userId: string, changeId: string, done: string): Promise<ChangeOutcome> {
    if ((await deps.changes.forUser(userId)).some((c) => c.id === changeId)) return { kind: "done", to: done };
    return { kind: "problem", message: "Your membership changed while you were choosing. Nothing has been changed: look at the choices again." };
  }

  /**
   * The offline member's renewal application for this period, made once however often they ask,
   * made out to the organisation in `billing` when one pays. Asked to pay by bank transfer, its
   * pro-forma invoice is issued with it, in its batch, as a join's is.
   */
  async function requestRenewal(userId: string, billing: BillingDetails | null, paying: "bank-transfer" | "card"): Promise<void> {
    const record = await deps.memberships.forUser(userId);
    const state = record ? memberState(record, deps.graceDays, deps.now()) : null;
    if (!record || renewsAutomatically(record) || (state?.kind !== "renewal_due" && state?.kind !== "in_grace")) {
      throw new AppError("CONFLICT", "Your membership is not due for renewal, so there is nothing to pay yet. Nothing has been changed.");
    }
    const renewsAs = record.nextMembership ?? { slug: record.membershipSlug, title: record.membershipTitle };
    const price = (await deps.terms()).get(renewsAs.slug);
    if (!price) throw new AppError("CONFLICT", "Your membership can no longer be renewed online. Please contact the office.");
    const application = await yearApplication(record, {
      kind: "renewal",
      idempotencyKey: `renewal:${record.userId}:${record.periodEnd}`,
      membershipSlug: renewsAs.slug,
      membershipTitle: renewsAs.title,
      vatTreatment: price.vatTreatment,
      amountDuePence: renewalPence(record, price.subscriptionPence),
      billing,
    });
    // By bank transfer: the numbered pro-forma invoice and its e-mail come with the renewal (only if it is stored).
    const proForma =
      paying === "bank-transfer" ? deps.proForma.issue(await applicationProForma(application, "buyer", deps.now()), when.applicationStored(application.id)) : null;
    if (await deps.changes.requestRenewal(application, record.periodEnd!, proForma?.statements ?? [])) {
      deps.log.info("membership.renewal_requested", { userId, applicationId: application.id });
      if (proForma) deps.proForma.deliverSoon(proForma.ids);
    }
  }

  return {
    async options(userId: string): Promise<ChangeOptions> {
      const { terms: _terms, ...shown } = await load(userId);
      return shown;
    },

    /** Changes the user's membership to `membershipSlug` (the form's idempotency key names the change). */
    async change(userId: string, input: { membershipSlug: string; idempotencyKey: string }): Promise<ChangeOutcome> {
      // The same form again (a double submit, a reload): what it did the first time.
      const previous = (await deps.changes.forUser(userId)).find((c) => c.id === input.idempotencyKey);
      if (previous) return { kind: "done", to: `${PAGE}?changed=${previous.status === "awaiting_payment" ? "upgrade-requested" : previous.direction}` };
      const { record, block, options: choices, scheduled, terms } = await load(userId);
      if (!record || block) return { kind: "problem", message: "Your membership cannot be changed just now. This page says why." };
      const target = terms.get(input.membershipSlug);
      if (!target) return { kind: "problem", message: "Choose one of the memberships listed." };
      const card = record.paymentMethod === "card";

      if (target.slug === record.membershipSlug) {
        if (!scheduled) return { kind: "problem", message: `You are already a ${record.membershipTitle}. Choose another membership to change to.` };
        if (card) await moveSubscription(record, target, false, input.idempotencyKey);
        await deps.changes.withdrawScheduled(userId, renewalPrice(terms, target.slug));
        await closeRepricedCheckout(record);
        return { kind: "done", to: `${PAGE}?changed=kept` };
      }
      if (scheduled?.slug === target.slug) return { kind: "done", to: `${PAGE}?changed=downgrade` };
      const missing = await missingEvidence(userId, target);
      if (missing) return { kind: "problem", message: missing };

      const quote = choices.find((c) => c.slug === target.slug)!.quote!;
      const change: NewChange = {
        id: input.idempotencyKey,
        userId,
        from: { slug: record.membershipSlug, title: record.membershipTitle },
        to: { slug: target.slug, title: target.title },
        direction: quote.direction,
        paymentMethod: record.paymentMethod,
        amountPence: quote.proRataPence,
        stripeInvoiceId: null,
      };
      const done = `${PAGE}?changed=${quote.direction}`;
      const renewal = renewalPrice(terms, target.slug);

      if (quote.effective === "renewal") {
        if (card) await moveSubscription(record, target, false, input.idempotencyKey);
        if (!(await deps.changes.schedule(change, renewal))) return repeated(userId, change.id, done);
        await closeRepricedCheckout(record);
        deps.log.info("membership.change_scheduled", { userId, from: change.from.slug, to: change.to.slug, method: record.paymentMethod });
        return { kind: "done", to: done };
      }

      if (!card && quote.proRataPence > 0) {
        // Paid offline: the record keeps the type in force until staff record the amount due.
        const amountDue = await yearApplication(record, {
          kind: "change",
          idempotencyKey: `change:${change.id}`,
          membershipSlug: target.slug,
          membershipTitle: target.title,
          vatTreatment: target.vatTreatment,
          amountDuePence: quote.proRataPence,
        });
        const requested = `${PAGE}?changed=upgrade-requested`;
        if (!(await deps.changes.requestUpgrade(change, amountDue))) return repeated(userId, change.id, requested);
        deps.log.info("membership.change_requested", { userId, from: change.from.slug, to: change.to.slug, amountPence: quote.proRataPence });
        return { kind: "done", to: requested };
      }
      if (card) change.stripeInvoiceId = await moveSubscription(record, target, true, input.idempotencyKey);
      if (!(await deps.changes.applyNow(change, null, renewal))) return repeated(userId, change.id, done);
      await closeRepricedCheckout(record);
      deps.log.info("membership.changed", { userId, from: change.from.slug, to: change.to.slug, method: record.paymentMethod, amountPence: quote.proRataPence });
      return { kind: "done", to: done };
    },

    /**
     * An offline member asks to renew (renewal due, or in grace) to pay by bank transfer: the
     * renewal application for this period with its pro-forma invoice, made once however often
     * they ask. Where to send the browser.
     */
    async renew(userId: string, billing: BillingDetails | null): Promise<string> {
      await requestRenewal(userId, billing, "bank-transfer");
      return `${PAGE}?renewal=requested`;
    },

    /**
     * The member pays their renewal by card: the renewal for this period (made now if they have
     * not asked yet, with the same checks as `renew`, made out to `billing`; one already asked for
     * keeps its own), then Stripe Checkout for it, one payment.
     * Where to send the browser: Stripe's page, or back to the page saying card payment is
     * unavailable just now (the renewal stays, payable by bank transfer).
     */
    payRenewalByCard(userId: string, billing: BillingDetails | null): Promise<string> {
      return payRenewalThroughStripe(userId, billing, null);
    },

    /**
     * The same by Direct Debit (the site's scheme; Stripe's page collects the mandate): one
     * collection for this renewal, which extends the membership only once the bank has paid.
     */
    async payRenewalByDirectDebit(userId: string, billing: BillingDetails | null): Promise<string> {
      const scheme = deps.card?.stripe.directDebit ?? null;
      return scheme ? payRenewalThroughStripe(userId, billing, scheme) : `${PAGE}?renewal=card-unavailable`;
    },
  };

  /** Stripe Checkout for the renewal, by card or (`directDebit`) by Direct Debit; never while a Direct Debit for it is pending. */
  async function payRenewalThroughStripe(userId: string, billing: BillingDetails | null, directDebit: DirectDebitScheme | null): Promise<string> {
    let renewal = (await deps.changes.openApplications(userId)).find((a) => a.kind === "renewal");
    if (!renewal) {
      await requestRenewal(userId, billing, "card");
      renewal = (await deps.changes.openApplications(userId)).find((a) => a.kind === "renewal");
    }
    if (!renewal) throw new AppError("CONFLICT", "Your renewal could not be made just now. Nothing has been charged; reload your membership page and try again.");
    // The bank may yet pay the Direct Debit under way: paying again would take the money twice.
    if (renewal.directDebitState === "pending") return PAGE;
    if ((renewal.directDebit ?? null) !== directDebit || renewal.directDebitState === "failed") {
      if (!(await deps.applications.setPaymentMethod(renewal, "card", directDebit))) return PAGE;
      renewal = { ...renewal, paymentMethod: "card", directDebit, directDebitState: null };
    }
    const application = renewal;
    const url = await checkoutUrlOrUnavailable(deps.card, { event: "renewal.checkout_failed", fields: { applicationId: application.id } }, async (card) => {
      const record = await deps.memberships.forUser(userId);
      return renewalCheckoutUrl(card, application, record?.stripeCustomerId ?? null);
    });
    return url ?? `${PAGE}?renewal=card-unavailable`;
  }
}
