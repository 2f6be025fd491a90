import { STATUS_LABELS, type StaffStatus } from "./labels";

/**
 * The tone (and marker) of each status. A cancelled order reads as a rejected application does:
 * closed without payment.
 */
const TONES: Record<StaffStatus, string> = {
  awaiting_payment: "awaiting-payment",
  paid: "paid",
  rejected: "rejected",
  cancelled: "rejected",
};

/** An application's or order's status in words, with a tone and a marker shape so colour is never the only cue. */
export function StatusBadge({ status }: { status: StaffStatus }) {
  return <span className={`badge staff-status staff-status--${TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** Money was received for an application after it was rejected: it is owed back. */
export function RefundDueBadge() {
  return <span className="badge staff-status staff-status--refund-due">Refund due</span>;
}
