/** How application and order statuses, payment methods and audit actions read on the staff screens. */
import type { ApplicationStatus, PaymentMethod } from "../../domain/membership";
import type { OrderPaymentMethod, OrderStatus } from "../../domain/orders";

export type StaffStatus = ApplicationStatus | OrderStatus;

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

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "payment.recorded": "Recorded an offline payment",
  "application.rejected": "Rejected the application",
  "order.payment.recorded": "Recorded an offline payment",
  "order.cancelled": "Cancelled the order",
};
