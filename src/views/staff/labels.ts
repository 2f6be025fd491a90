/** How application statuses and payment methods read on the staff screens. */
import type { ApplicationStatus, PaymentMethod } from "../../adapters/d1/applications";
import { formatPrice } from "../format";

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  rejected: "Rejected",
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  offline: "Offline",
  card: "Card",
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "payment.recorded": "Recorded an offline payment",
  "application.rejected": "Rejected the application",
};

/** Pence -> "£45.00". */
export const pounds = (pence: number): string => formatPrice(pence / 100);
