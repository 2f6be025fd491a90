/** A member's timeline on the staff members register: everything that happened to them, newest first. */
import type { EmailKind, OutboxStatus } from "./email";
import type { ApplicationKind, ApplicationStatus, DirectDebitScheme, DirectDebitState, PaymentMethod } from "./membership";
import type { ChangeDirection, ChangeStatus, MembershipType, RegisterEntry } from "./membership-lifecycle";

export type TimelineEntry =
  | {
      type: "application";
      at: string;
      id: string;
      reference: string;
      kind: ApplicationKind;
      membershipTitle: string;
      status: ApplicationStatus;
      amountDuePence: number;
      paymentMethod: PaymentMethod;
      /** Paid by this Direct Debit scheme, and where its collection stands (null: card or offline; none under way). */
      directDebit?: DirectDebitScheme | null;
      directDebitState?: DirectDebitState | null;
    }
  /** A payment received: for a membership, or (`orderReference`) for an order: an event place, a webinar. */
  | { type: "payment"; at: string; id: string; method: PaymentMethod; amountPence: number; receivedOn: string; reference: string; recordedBy: string; orderReference?: string }
  | { type: "receipt"; at: string; number: string; totalPence: number; method: PaymentMethod }
  /**
   * A payment under the society's previous system, brought by the import: history for the
   * register, not money this site received (no receipt, not in the ledger). `at` is the day paid.
   */
  | { type: "imported-payment"; at: string; amountPence: number; method: string; reference: string }
  | { type: "email"; at: string; id: string; kind: EmailKind; subject: string; status: OutboxStatus; lastError: string | null }
  | { type: "staff"; at: string; staffEmail: string; action: string; reason?: string | null }
  /** A note staff keep on the member (never shown to the member). */
  | { type: "note"; at: string; id: string; staffEmail: string; body: string }
  /**
   * A change of membership type, which only the member can ask for (from /user/membership): `at`
   * is when they asked, `effectiveOn` when it took (or, scheduled, will take) effect; the amount
   * is the pro-rata difference an upgrade costs, paid as `paymentMethod` says.
   */
  | {
      type: "change";
      at: string;
      id: string;
      from: MembershipType;
      to: MembershipType;
      direction: ChangeDirection;
      status: ChangeStatus;
      effectiveOn: string;
      amountPence: number;
      paymentMethod: PaymentMethod;
      /** An offline upgrade's amount due (an application of kind "change"). */
      applicationId: string | null;
      /** A card upgrade's proration invoice at Stripe. */
      stripeInvoiceId: string | null;
    };

export type TimelineEntryType = TimelineEntry["type"];

export interface MemberTimeline {
  member: RegisterEntry;
  /** Newest first. */
  entries: TimelineEntry[];
  /** The society's own fields the import kept for the member, by name. */
  customFields: { name: string; value: string }[];
}
