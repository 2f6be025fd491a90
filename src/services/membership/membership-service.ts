/**
 * The member's side of membership: their membership page (record, application, payments and
 * the state in words), joining, and paying an application by card or offline, including the
 * billing portal and the return from Stripe Checkout. Every action finds the user's own
 * application by user id; never anyone else's.
 */
import type { MemberConsentStore } from "../../adapters/d1/member-consents";
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { RedemptionStore } from "../../adapters/d1/discount-redemptions";
import type { MembershipChangeStore } from "../../adapters/d1/membership-changes";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { CheckoutNotice, CheckoutSession } from "../../domain/billing";
import type { Application, DirectDebitScheme, MembershipRecord, MembershipStatus, MembershipTerms, Payment } from "../../domain/membership";
import type { MemberState, MembershipChange } from "../../domain/membership-lifecycle";
import type { Session } from "../../domain/session";
import { IdentityError } from "../../domain/identity-errors";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { BillingDetails } from "../../shared/billing-details";
import { DIRECT_DEBIT_UNAVAILABLE, type JoinDetailsInput, type JoinErrors } from "../../shared/join-form";
import { PASSWORD_REFUSED_MESSAGE } from "../../shared/password-policy";
import type { AttemptLimits } from "../auth/attempt-limits";
import type { AuthService, StartedSession } from "../auth/auth-service";
import type { ContentService } from "../content/content-service";
import { checkoutUrlOrUnavailable, type CardPayments } from "../payments/card-payments";
import { safeRedirect } from "../payments/checkout-session";
import { checkoutReturnNotice, type CheckoutReturn } from "../payments/checkout-return";
import { completeMembershipCheckout } from "../payments/membership-billing";
import { membershipCheckoutUrl } from "../payments/membership-checkout";
import type { RenewalPaymentOutcome } from "../payments/renewal-payment";
import { apply, previousSubmission } from "./apply";
import type { CheckedDocument } from "../vetting/document-file";
import type { DocumentUploads } from "../vetting/document-uploads";
import type { MembershipFollowUps } from "./follow-ups";
import { memberState } from "./member-state";
import { renewalPence } from "./renewal-price";
import type { MemberRule } from "./member-rule";
import { ownMembership } from "./own-membership";
import { renewsAutomatically } from "../../shared/renewal-way";
import { isRefundDue } from "./refunds";
import { priceMembershipCode } from "./membership-code";
import { amountDue, membershipTerms } from "./terms";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";

export interface MembershipServiceDeps {
  applications: ApplicationStore;
  /** Pro-forma invoices for applicants paying by bank transfer. */
  proForma: Pick<ProFormaIssuer, "issue">;
  memberships: MembershipStore;
  /** Who is a member (the one member rule, disputes included): joining refuses a member. */
  members: Pick<MemberRule, "standing">;
  /** Renewals and changes of type (the membership year). */
  changes: Pick<MembershipChangeStore, "forUser" | "openApplications">;
  content: Pick<ContentService, "memberships" | "allGeneralPages" | "discountCode">;
  /** Uses of discount codes so far, for a code typed on the join form. */
  redemptions: Pick<RedemptionStore, "usage">;
  auth: Pick<AuthService, "createAccount">;
  attemptLimits: AttemptLimits;
  card: CardPayments | null;
  /** Receipts and e-mails, in the batch of the change that causes them. */
  followUps: MembershipFollowUps;
  /** An applicant's documents (membership types that need approval), stored with the application. */
  documents: Pick<DocumentUploads, "stored">;
  /** The join form's marketing opt-ins, recorded in the application's own batch (never one without the other). */
  consents: Pick<MemberConsentStore, "record">;
  /** Records a renewal paid by card (payments/renewal-payment.ts), on the member's return from Checkout. */
  completeRenewal: (session: CheckoutSession) => Promise<RenewalPaymentOutcome>;
  graceDays: number;
  now: () => Date;
  log: Logger;
}

/** What /user/membership shows. */
export interface MembershipOverview {
  record: MembershipRecord | null;
  /** The record's status as it reads today: an active record past its period and grace has lapsed. */
  status: MembershipStatus | null;
  application: Application | null;
  payments: Payment[];
  /** Money arrived for an application staff had rejected: it is owed back. */
  refundDue: boolean;
  /** The state in words' terms (member-state.ts): active until, renewal due, in grace, lapsed since… */
  state: MemberState | null;
  /** Renewal and change applications awaiting payment (amount and reference for each). */
  openApplications: Application[];
  /** Changes of membership type, newest first. */
  changes: MembershipChange[];
  /**
   * A member who renews by hand (offline, or card without a live subscription: src/shared/renewal-way.ts) due
   * to renew with no renewal asked for yet: what renewing costs, and the
   * organisation their last application was made out to (kept for the renewal unless changed).
   */
  renewal: { title: string; amountPence: number; billing: BillingDetails | null } | null;
}

/** Who submits the join form: the signed-in user, or a visitor creating their account with it. */
export type Joiner = { session: Session } | { account: { email: string; password: string } };

export type JoinOutcome =
  /** Go on to `to`; `started` is a session for an account the form just created. */
  | { kind: "done"; to: string; started: StartedSession | null }
  /** Problems to show on the form (nothing was stored). */
  | { kind: "problems"; errors: JoinErrors };

const MEMBERSHIP_PAGE = "/user/membership";

/** Staff have not approved it yet (pending, or waiting for the applicant's answer): no payment is taken. */
const awaitsApproval = (application: Application) => application.vetting === "pending" || application.vetting === "more_info";
const CARD_UNAVAILABLE = `${MEMBERSHIP_PAGE}?payment=unavailable`;

/** What the page says on return from Checkout; for a closed application, the refund note says it all. */
/** A Direct Debit the bank has yet to pay: no notice, the page's own "pending" box says where it stands. */
const RETURN_NOTICES = { recorded: "confirmed", "not-paid": "confirming", pending: null, closed: null } as const satisfies Record<string, CheckoutNotice>;

/**
 * What the page says on return from paying a renewal by card (recorded now, or by the webhook
 * before). A payment of another amount than is due renewed nothing: no notice, and the page shows
 * the renewal still awaiting payment.
 */
const RENEWAL_RETURN_NOTICES = { recorded: "confirmed", already: "confirmed", "not-paid": "confirming", pending: null, "amount-differs": null } as const satisfies Record<RenewalPaymentOutcome, CheckoutNotice>;

/** The form's idempotency key is another applicant's: only a tampered or leaked form gets here. */
const formAlreadyUsed = () =>
  new AppError("CONFLICT", "This form has already been used. Reload the join page to get a fresh form, then submit it again.");

export type MembershipService = ReturnType<typeof createMembershipService>;

export function createMembershipService(deps: MembershipServiceDeps) {
  const terms = async (): Promise<Map<string, MembershipTerms>> => {
    const [memberships, pages] = await Promise.all([deps.content.memberships(), deps.content.allGeneralPages()]);
    return membershipTerms(memberships, pages);
  };

  /** Stripe Checkout for the application, or the membership page saying card payment is unavailable. */
  const checkoutOrFallback = async (application: Application, applicationTerms: MembershipTerms | undefined): Promise<string> =>
    (applicationTerms
      ? await checkoutUrlOrUnavailable(deps.card, { event: "membership.checkout_failed", fields: { applicationId: application.id } }, async (card) => {
          const record = await deps.memberships.forUser(application.userId);
          return membershipCheckoutUrl(card, application, applicationTerms, record?.stripeCustomerId ?? null);
        })
      : null) ?? CARD_UNAVAILABLE;

  /**
   * Stripe Checkout for an application awaiting payment, by card or (`directDebit`) by Direct
   * Debit. Never while a Direct Debit is pending: the bank may yet pay it, and paying again would take the money twice.
   */
  const payThroughStripe = async (application: Application, directDebit: DirectDebitScheme | null): Promise<string> => {
    if (application.status !== "awaiting_payment" || awaitsApproval(application) || application.directDebitState === "pending") return MEMBERSHIP_PAGE;
    // A failed Direct Debit is cleared as the applicant tries again, so the new attempt can be pending in its turn.
    if (application.paymentMethod !== "card" || (application.directDebit ?? null) !== directDebit || application.directDebitState === "failed") {
      if (!(await deps.applications.setPaymentMethod(application, "card", directDebit))) return MEMBERSHIP_PAGE;
    }
    return checkoutOrFallback({ ...application, paymentMethod: "card", directDebit, directDebitState: null }, (await terms()).get(application.membershipSlug));
  };

  const ownApplication = async (userId: string): Promise<Application> => {
    const { application } = await ownMembership(deps, userId);
    if (!application) throw new AppError("NOT_FOUND", "You have no membership application");
    return application;
  };

  /** Creates the joiner's account (a visitor), or uses the signed-in one. */
  async function accountFor(
    joiner: Joiner,
  ): Promise<{ ok: true; user: { id: string; email: string }; started: StartedSession | null } | { ok: false; errors: JoinErrors }> {
    if ("session" in joiner) return { ok: true, user: { id: joiner.session.userId, email: joiner.session.email ?? "" }, started: null };
    const { email, password } = joiner.account;
    await deps.attemptLimits.check("join", email);
    try {
      const started = await deps.auth.createAccount(email, password);
      return { ok: true, user: { id: started.session.userId, email }, started };
    } catch (error) {
      if (error instanceof IdentityError && error.code === "auth/email-already-in-use") {
        return { ok: false, errors: { email: "An account already uses this e-mail address. Sign in first, then complete this form." } };
      }
      if (error instanceof IdentityError && (error.code === "auth/weak-password" || error.code === "auth/password-does-not-meet-requirements")) {
        return { ok: false, errors: { password: PASSWORD_REFUSED_MESSAGE } };
      }
      if (error instanceof IdentityError && error.code === "auth/invalid-email") {
        return { ok: false, errors: { email: "Enter an e-mail address, like name@example.com" } };
      }
      deps.log.error("join.account_failed", { error });
      throw new AppError("AUTH_UNAVAILABLE", "We could not create your account just now. Please try again.", { cause: error });
    }
  }

  return {
    terms,

    async overview(userId: string): Promise<MembershipOverview> {
      const { record, application } = await ownMembership(deps, userId);
      const [payments, refundedPence, openApplications, changes] = await Promise.all([
        application ? deps.applications.payments(application.id) : [],
        application?.status === "rejected" ? deps.applications.refundedPence(application.id) : 0,
        record ? deps.changes.openApplications(userId) : [],
        record ? deps.changes.forUser(userId) : [],
      ]);
      const state = record ? memberState(record, deps.graceDays, deps.now()) : null;
      const status = state?.kind === "lapsed" ? "lapsed" : (record?.status ?? null);
      const received = payments.reduce((sum, payment) => sum + payment.amountPence, 0);
      const renewsAs = record?.nextMembership ?? (record ? { slug: record.membershipSlug, title: record.membershipTitle } : null);
      const renewalDue =
        record !== null && !renewsAutomatically(record) && (state?.kind === "renewal_due" || state?.kind === "in_grace") && !openApplications.some((a) => a.kind === "renewal");
      const [price, lastBilling] = renewalDue && renewsAs ? await Promise.all([terms().then((all) => all.get(renewsAs.slug)), deps.applications.lastBilling(userId)]) : [undefined, null];
      return {
        record,
        status,
        application,
        payments,
        refundDue: application !== null && isRefundDue(application, { receivedPence: received, refundedPence }),
        state,
        openApplications,
        changes,
        renewal: price && renewsAs && record ? { title: renewsAs.title, amountPence: renewalPence(record, price.subscriptionPence), billing: lastBilling } : null,
      };
    },

    /**
     * A join form that passed validation: the account (a visitor's is created here), one
     * application and membership record, and on to payment. A repeated submission (double
     * click, back and resubmit, retry) finds what it made before, before any account is made;
     * a visitor's is recognised by the address typed. The topics ticked (`optIns`) are recorded as
     * given on the join form, in the application's batch.
     */
    async join(
      joiner: Joiner,
      details: JoinDetailsInput,
      billing: BillingDetails | null,
      applicationTerms: MembershipTerms,
      documents: readonly CheckedDocument[] = [],
      optIns: ReadonlySet<string> = new Set(),
    ): Promise<JoinOutcome> {
      const applicant = "session" in joiner ? { userId: joiner.session.userId } : { email: joiner.account.email };
      const previous = await previousSubmission(deps, details.idempotencyKey, applicant);
      if (previous.kind === "key-used") throw formAlreadyUsed();
      if (previous.kind === "mine") return { kind: "done", to: MEMBERSHIP_PAGE, started: null };
      const directDebit = deps.card?.stripe.directDebit ?? null;
      if (details.paymentMethod === "direct_debit" && !directDebit) return { kind: "problems", errors: { paymentMethod: DIRECT_DEBIT_UNAVAILABLE } };

      const priceCode = (userId: string | null) =>
        priceMembershipCode({ discountCode: (name) => deps.content.discountCode(name), redemptions: deps.redemptions }, {
          typed: details.discountCode,
          terms: applicationTerms,
          subscriptionPence: amountDue(applicationTerms, details.yearQualified, deps.now()).subscriptionPence,
          userId,
          now: deps.now(),
        });
      // Checked before any account is made, so a refused code costs a visitor nothing.
      const early = await priceCode("session" in joiner ? joiner.session.userId : null);
      if (early.kind === "refused") return { kind: "problems", errors: { discountCode: early.message } };

      const account = await accountFor(joiner);
      if (!account.ok) return { kind: "problems", errors: account.errors };
      const { user, started } = account;
      const code = await priceCode(user.id);
      if (code.kind === "refused") return { kind: "problems", errors: { discountCode: code.message } };
      const consent = optIns.size > 0 ? [deps.consents.record(user.id, [...optIns].map((topic) => ({ topic, consented: true })), "join-form", deps.now())] : [];
      const result = await apply(deps, { user, details, billing, terms: applicationTerms, code: code.kind === "applied" ? code : null, documents, directDebit, alsoWrite: consent });
      if (result.kind === "key-used") throw formAlreadyUsed();
      if (result.kind === "code-taken") {
        const again = await priceCode(user.id);
        return { kind: "problems", errors: { discountCode: again.kind === "refused" ? again.message : "That discount code has just been used up. Submit the form again." } };
      }
      if (result.kind === "already-member") {
        return { kind: "problems", errors: { membership: "You are already a member. Your membership page shows its details." } };
      }
      if (result.kind === "suspended") {
        return {
          kind: "problems",
          errors: {
            membership:
              result.by === "office"
                ? "Your membership is suspended by the society's office, so you cannot join again. Please contact the office."
                : "Your membership is suspended while a payment for it is disputed with your bank, so you cannot join again. Please contact the office.",
          },
        };
      }
      deps.log.info("join.application", { kind: result.kind, applicationId: result.application.id, membership: applicationTerms.slug });
      // Awaiting approval: nothing is paid until staff approve (docs/decisions/0056).
      if (result.application.paymentMethod === "card" && result.application.status === "awaiting_payment" && !awaitsApproval(result.application)) {
        return { kind: "done", to: await checkoutOrFallback(result.application, applicationTerms), started };
      }
      return { kind: "done", to: `${MEMBERSHIP_PAGE}${result.kind === "created" ? "?joined=1" : ""}`, started };
    },

    /** (Re)opens Stripe Checkout for the user's application awaiting payment; where to send the browser. */
    async payByCard(userId: string): Promise<string> {
      return payThroughStripe(await ownApplication(userId), null);
    },

    /**
     * The same by Direct Debit (the site's scheme): Stripe Checkout collects the mandate. Back to
     * the membership page when the site offers no Direct Debit.
     */
    async payByDirectDebit(userId: string): Promise<string> {
      const scheme = deps.card?.stripe.directDebit ?? null;
      return scheme ? payThroughStripe(await ownApplication(userId), scheme) : MEMBERSHIP_PAGE;
    },

    /** Switches the user's application awaiting payment to bank transfer or cheque. */
    async payOffline(userId: string): Promise<void> {
      const application = await ownApplication(userId);
      if (application.status === "awaiting_payment") await deps.applications.setPaymentMethod(application, "offline");
    },

    /** Stripe's billing portal for a card-paid member's own customer. */
    async billingPortalUrl(userId: string): Promise<string> {
      const record = await deps.memberships.forUser(userId);
      const card = deps.card;
      if (!card || !record?.stripeCustomerId) throw new AppError("NOT_FOUND", "Your membership is not paid by card, so there is no billing account to manage");
      try {
        // Set to end at its period end (staff's decision): the portal must not offer to renew it.
        const portal = await card.billing.createPortalSession(record.stripeCustomerId, `${card.siteUrl}${MEMBERSHIP_PAGE}`, { subscriptionChanges: !record.endsOn });
        return safeRedirect(card, portal.url);
      } catch (error) {
        deps.log.error("membership.portal_failed", { error });
        throw new AppError("PAYMENT_UNAVAILABLE", "Billing management is unavailable just now. Please try again in a few minutes.", { cause: error });
      }
    },

    /** Back from Checkout (joining, or a renewal): a paid session of the user's own is recorded at once. */
    checkoutReturn(userId: string, query: CheckoutReturn): Promise<CheckoutNotice> {
      return checkoutReturnNotice(deps.card, query, { kinds: ["membership", "renewal"], userId }, async (session) =>
        session.purpose?.kind === "renewal"
          ? RENEWAL_RETURN_NOTICES[await deps.completeRenewal(session)]
          : RETURN_NOTICES[await completeMembershipCheckout({ ...deps.card!, applications: deps.applications, followUps: deps.followUps }, session)],
      );
    },
  };
}
