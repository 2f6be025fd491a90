/**
 * A discount code typed on the join form, priced: the code's terms from the CMS, its use so far
 * from D1, then the pure rule (shared/pricing/discount-code.ts, `discountMembershipFee`). A code
 * takes its share off the first year's subscription only (after any half-price offer for the
 * newly qualified), never off the one-off joining fee, whichever way the applicant pays (card
 * Checkout carries it as a first-year coupon: payments/membership-checkout.ts). A visitor has no uses of their own
 * yet; the caps are checked again, race-free, when the application is stored.
 */
import type { CodeCaps, RedemptionStore } from "../../adapters/d1/discount-redemptions";
import type { ApplicationDiscount, MembershipTerms } from "../../domain/membership";
import { discountMembershipFee, normaliseCode, refusalMessage, type DiscountCode } from "../../shared/pricing/discount-code";

export interface MembershipCodeDeps {
  /** The published code of that name (in capitals), or null. */
  discountCode: (code: string) => Promise<DiscountCode | null>;
  redemptions: Pick<RedemptionStore, "usage">;
}

export type MembershipCodeOutcome =
  | { kind: "none" }
  | { kind: "applied"; discount: ApplicationDiscount; caps: CodeCaps }
  | { kind: "refused"; message: string };

export async function priceMembershipCode(
  deps: MembershipCodeDeps,
  input: { typed: string | null; terms: MembershipTerms; subscriptionPence: number; userId: string | null; now: Date },
): Promise<MembershipCodeOutcome> {
  if (!input.typed) return { kind: "none" };
  const name = normaliseCode(input.typed);
  if (name === null) return { kind: "refused", message: refusalMessage("unknown", input.typed, null) };
  const code = await deps.discountCode(name);
  const usage = code ? await deps.redemptions.usage(code.code, input.userId ?? "") : { total: 0, byBuyer: 0 };
  const outcome = discountMembershipFee(input.terms.id, input.subscriptionPence, input.typed, code, usage, input.now);
  if (outcome.kind === "refused") return { kind: "refused", message: outcome.message };
  return {
    kind: "applied",
    discount: { codeId: outcome.applied.id, code: outcome.applied.code, totalPence: outcome.offPence },
    caps: { maxRedemptions: code?.maxRedemptions ?? null, maxPerUser: code?.maxPerUser ?? null },
  };
}
