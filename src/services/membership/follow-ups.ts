/**
 * What follows a change to a membership, in the change's own D1 batch (docs/decisions/0009 and
 * 0014-receipts-and-notices.md): the receipt for a payment, numbered in that batch, and the e-mails. Each statement runs
 * only if the change it follows happened when the batch reaches it, and each message's dedupe
 * key is its event (the application, the payment, the failed invoice), so a double submit or a
 * webhook replayed any number of times leaves one receipt and one message.
 *
 * Every method returns statements for the caller's store to append to its batch, and the message
 * ids to hand to `deliverSoon` once that batch has committed.
 */
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { StaffStore } from "../../adapters/d1/staff";
import type { StaffRole } from "../../domain/staff";
import type { MemberContact } from "../../adapters/d1/card-billing";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { PaymentMethod } from "../../domain/email";
import type { Application, NewApplication } from "../../domain/membership";
import { londonDate } from "../../shared/london-date";
import type { Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";
import { membershipReceipt, type ReceivedPayment } from "../receipts/receipt-content";
import { receiptYear } from "../receipts/receipt-number";

export interface MembershipFollowUpsDeps {
  receipts: Pick<ReceiptStore, "issue" | "numberOf">;
  notices: Notices;
  /** How to pay offline, told to applicants who chose it. */
  offlinePaymentInstructions: string;
  graceDays: number;
  now: () => Date;
  /** The staff list, for who hears of a new application. */
  staff: Pick<StaffStore, "addressesWithRoles">;
  /** STAFF_EMAILS: the first administrators, told of applications until the staff list has a reader. */
  seededStaffEmails: readonly string[];
}

/** Who is told of a new application: the people who handle applications (membership) and administrators. */
export const APPLICATION_READER_ROLES: readonly StaffRole[] = ["admin", "membership"];

export type MembershipFollowUps = ReturnType<typeof createMembershipFollowUps>;

const recipient = (application: Pick<Application, "email" | "userId">) => ({ email: application.email, userId: application.userId });

export function createMembershipFollowUps(deps: MembershipFollowUpsDeps) {
  return {
    /**
     * An application stored (joining): the applicant's acknowledgement and the staff notice, to
     * each current membership or admin staff member; before anyone with those roles is on the
     * staff list (a new site, before the first administrator has signed in), to STAFF_EMAILS.
     */
    async applicationStored(application: NewApplication): Promise<PreparedEmail> {
      const stored = when.applicationStored(application.id);
      const readers = await deps.staff.addressesWithRoles(APPLICATION_READER_ROLES);
      const method: PaymentMethod = application.paymentMethod;
      return deps.notices.prepare([
        {
          message: {
            kind: "application-received",
            event: application.id,
            to: recipient(application),
            data: {
              givenName: application.givenName,
              reference: application.reference,
              membershipTitle: application.membershipTitle,
              amountDuePence: application.amountDuePence,
              paymentMethod: method,
              offlinePaymentInstructions: method === "offline" ? deps.offlinePaymentInstructions : null,
              needsApproval: application.vetting === "pending",
            },
          },
          onlyIf: stored,
        },
        {
          message: {
            kind: "application-staff-notice",
            event: application.id,
            to: readers.length > 0 ? readers : deps.seededStaffEmails,
            data: {
              applicationId: application.id,
              reference: application.reference,
              applicantName: `${application.givenName} ${application.familyName}`,
              applicantEmail: application.email,
              membershipTitle: application.membershipTitle,
              paymentMethod: method,
              amountDuePence: application.amountDuePence,
              submittedAt: deps.now().toISOString(),
            },
          },
          onlyIf: stored,
        },
      ]);
    },

    /**
     * A payment stored for an application: its receipt (only if the payment row is there), and
     * the welcome or renewal e-mail carrying the receipt's number, only if the application is
     * then paid: money that arrives for a rejected application is receipted, but welcomes nobody.
     */
    paymentRecorded(input: {
      payment: ReceivedPayment;
      application: Application;
      /** Days; the period the payment activates or extends. */
      period: { start: string; end: string };
      renewal: boolean;
    }): PreparedEmail {
      const { payment, application, period, renewal } = input;
      const issue = deps.receipts.issue(
        membershipReceipt({ payment, application, period: application.status === "rejected" ? null : period, renewal, year: receiptYear(deps.now()) }),
        when.membershipPaymentStored(payment.id),
      );
      const email = deps.notices.prepare([
        {
          message: {
            kind: "membership-paid",
            event: payment.id,
            to: recipient(application),
            data: {
              givenName: application.givenName,
              membershipTitle: application.membershipTitle,
              renewal,
              periodStart: period.start,
              periodEnd: period.end,
              amountPence: payment.amountPence,
              paymentMethod: payment.method,
              paidOn: payment.receivedOn,
              receiptReference: payment.reference,
              receiptNumber: null,
            },
          },
          onlyIf: when.membershipPaymentActivates(payment.id),
          fill: [{ field: "receiptNumber", ...deps.receipts.numberOf("membership", payment.id) }],
        },
      ]);
      return { statements: [issue, ...email.statements], ids: email.ids };
    },

    /** A card Checkout with nothing to charge (a full discount) made the application paid: no receipt, the welcome all the same. */
    paidWithoutCharge(input: { application: Application; checkoutSessionId: string; period: { start: string; end: string } }): PreparedEmail {
      const { application, period } = input;
      return deps.notices.prepare([
        {
          message: {
            kind: "membership-paid",
            event: input.checkoutSessionId,
            to: recipient(application),
            data: {
              givenName: application.givenName,
              membershipTitle: application.membershipTitle,
              renewal: false,
              periodStart: period.start,
              periodEnd: period.end,
              amountPence: 0,
              paymentMethod: "card",
              paidOn: londonDate(deps.now()),
              receiptReference: input.checkoutSessionId,
              receiptNumber: null,
            },
          },
          onlyIf: when.applicationPaid(application.id),
        },
      ]);
    },

    /** Staff rejected the application: the applicant hears why. */
    rejected(application: Application, reason: string): PreparedEmail {
      return deps.notices.prepare([
        {
          message: {
            kind: "application-rejected",
            event: application.id,
            to: recipient(application),
            data: { givenName: application.givenName, reference: application.reference, membershipTitle: application.membershipTitle, reason },
          },
          onlyIf: when.applicationRejected(application.id),
        },
      ]);
    },

    /**
     * Stripe could not take a renewal (invoice.payment_failed): update your card, and until when
     * access lasts (the paid period plus the grace days). One message per failed invoice, however
     * often Stripe retries it; only to a member whose membership this subscription pays.
     */
    paymentFailed(input: { member: MemberContact; invoiceId: string; subscriptionId: string; amountPence: number | null }): PreparedEmail {
      const { member } = input;
      const graceUntil = londonDate(new Date(Date.parse(member.periodEnd) + deps.graceDays * 86_400_000));
      return deps.notices.prepare([
        {
          message: {
            kind: "payment-failed",
            event: input.invoiceId,
            to: { email: member.email, userId: member.userId },
            data: { givenName: member.givenName, membershipTitle: member.membershipTitle, amountPence: input.amountPence, graceUntil },
          },
          onlyIf: when.subscriptionMembership(member.userId, input.subscriptionId),
        },
      ]);
    },

    /**
     * The bank did not pay the Direct Debit of this Checkout session (a join or a renewal):
     * nothing was taken, and the applicant is told how to pay instead; a renewal also until when
     * access lasts (`periodEnd`, the end of the paid period, plus the grace days). One message per
     * session, however often Stripe's event is replayed.
     */
    directDebitFailed(input: { application: Application; sessionId: string; periodEnd: string | null }): PreparedEmail {
      const { application, periodEnd } = input;
      const renewal = application.kind === "renewal";
      return deps.notices.prepare([
        {
          message: {
            kind: "direct-debit-failed",
            event: input.sessionId,
            to: recipient(application),
            data: {
              givenName: application.givenName,
              membershipTitle: application.membershipTitle,
              amountPence: application.amountDuePence,
              reference: application.reference,
              renewal,
              graceUntil: renewal && periodEnd ? londonDate(new Date(Date.parse(periodEnd) + deps.graceDays * 86_400_000)) : null,
            },
          },
          onlyIf: when.directDebitFailed(application.id, input.sessionId),
        },
      ]);
    },

    deliverSoon: (ids: readonly string[]) => deps.notices.deliverSoon(ids),
  };
}
