/**
 * Money held against a rejected application is owed back. Staff record offline payments only
 * while an application awaits payment, so such money can only be a card payment that arrived
 * after the rejection (a Checkout tab left open while staff rejected it).
 */
import type { ApplicationStatus } from "../../domain/membership";

export const isRefundDue = (application: { status: ApplicationStatus }, receivedPence: number): boolean =>
  application.status === "rejected" && receivedPence > 0;

/** The staff list's filter that finds exactly the applications `isRefundDue` flags. */
export const REFUND_DUE_FILTER = { status: "rejected", withPayments: true } as const satisfies { status: ApplicationStatus; withPayments: boolean };
