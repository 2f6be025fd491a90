/** How application and order statuses, payment methods and audit actions read on the staff screens. */
import type { ApplicationKind, ApplicationStatus, MembershipStatus, PaymentMethod } from "../../domain/membership";
import type { ChangeDirection, ChangeStatus } from "../../domain/membership-lifecycle";
import type { OrderPaymentMethod, OrderStatus } from "../../domain/orders";
import type { StaffRole } from "../../domain/staff";

/** Staff roles, and what each may do (the rule itself: services/staff/staff-access). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administrator",
  membership: "Membership",
  finance: "Finance",
  read_only: "Read-only",
};

export const ROLE_HINTS: Record<StaffRole, string> = {
  admin: "Everything, and the team",
  membership: "Applications, members, the member import, e-mails and the dashboard",
  finance: "Webinar orders, receipts, payments, refunds, the ledger and VAT, and the dashboard",
  read_only: "May view membership and finance pages, but not change anything",
};

export type StaffStatus = ApplicationStatus | OrderStatus;

/** A membership record's status, as the dashboard names it. */
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: "Active",
  awaiting_payment: "Awaiting payment",
  lapsed: "Lapsed",
  cancelled: "Cancelled",
};

export const STATUS_LABELS: Record<StaffStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

export const METHOD_LABELS: Record<PaymentMethod | OrderPaymentMethod, string> = {
  offline: "Offline",
  card: "Card",
  free: "Free",
};

/** What an application is for: joining, a year's renewal, or the amount due for a change of type. */
export const KIND_LABELS: Record<ApplicationKind, string> = {
  join: "Joining",
  renewal: "Renewal",
  change: "Change of type",
};

/** A change of membership type: dearer (at once), same price (at once) or cheaper (at the renewal). */
export const CHANGE_DIRECTION_LABELS: Record<ChangeDirection, string> = {
  upgrade: "upgrade",
  sideways: "same price",
  downgrade: "downgrade",
};

export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  applied: "In effect",
  awaiting_payment: "Waiting for its amount due (not in effect yet)",
  scheduled: "Waiting for the renewal",
  withdrawn: "Withdrawn by the member",
  reverted: "Undone (amount due not paid)",
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "renewal.payment.recorded": "Recorded a renewal's payment",
  "change.payment.recorded": "Recorded a change of type's payment",
  "change.rejected": "Closed a change of type's amount due (the change is undone)",
  "payment.recorded": "Recorded an offline payment",
  "application.rejected": "Rejected the application",
  "order.payment.recorded": "Recorded an offline payment",
  "order.cancelled": "Cancelled the order",
  "order.refunded": "Refunded a payment",
  "membership.refunded": "Refunded a membership payment",
  "order.cancelled_by_buyer": "The buyer cancelled within 14 days (full refund)",
  "email.resent": "Sent a failed e-mail again",
  "member.details.updated": "The member changed their own details",
  "account.email.changed": "The member changed their e-mail address (verified)",
  "account.erased": "The member deleted their account (personal data erased)",
  "privacy.exported": "Exported the person's data (data-subject request)",
  "member.note.added": "Added a note",
  "member.honour.set": "Made the membership honorary or life",
  "member.concession.set": "Gave a concession",
  "member.concession.ended": "Ended the concession",
  "member.suspended": "Suspended the member",
  "member.struck-off": "Struck the member off",
  "member.reinstated": "Reinstated the member",
  "member.period.extended": "Extended the period",
  "member.details.edited": "Edited the member's details",
  "member.created": "Created the member by hand",
  "member.merged": "Merged a duplicate record into this one",
  "member.merge.account_disabled": "Disabled the merged-away record's sign-in account",
};
