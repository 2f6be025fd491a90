/** A member's timeline on the staff members register: everything that happened to them, newest first. */
import type { EmailKind, OutboxStatus } from "./email";
import type { ApplicationKind, ApplicationStatus, PaymentMethod } from "./membership";
import type { RegisterEntry } from "./membership-year";

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
    }
  | { type: "payment"; at: string; id: string; method: PaymentMethod; amountPence: number; receivedOn: string; reference: string; recordedBy: string }
  | { type: "receipt"; at: string; number: string; totalPence: number; method: PaymentMethod }
  | { type: "email"; at: string; id: string; kind: EmailKind; subject: string; status: OutboxStatus; lastError: string | null }
  | { type: "staff"; at: string; staffEmail: string; action: string };

export type TimelineEntryType = TimelineEntry["type"];

export interface MemberTimeline {
  member: RegisterEntry;
  /** Newest first. */
  entries: TimelineEntry[];
}
