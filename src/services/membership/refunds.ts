/**
 * Money held against an application that it does not pay for, which staff must settle:
 *
 * - a rejected application with money received: a card payment that arrived after the rejection
 *   (a Checkout tab left open while staff rejected it); staff record offline payments only while
 *   an application awaits payment, so it can only be that; it is owed back.
 * - a renewal or a change still awaiting payment with money held against it: a card payment of
 *   another amount than is due (a Checkout opened at an older price), which is recorded but never
 *   completes it. Staff refund it, or record the difference.
 * - a renewal or a change paid, holding more than was due (paid by card and by bank transfer):
 *   the surplus is owed back.
 *
 * "Held" is received less refunded, so refunding the money clears the flag. The staff list's
 * "refund due" filter (adapters/d1/applications.ts, `refundDue`) finds exactly these.
 */
import type { Application } from "../../domain/membership";

export type MoneyHeld = { receivedPence: number; refundedPence: number };

type Flagged = Pick<Application, "kind" | "status" | "amountDuePence">;

/** A renewal's or change's money that did not complete it: the application awaits payment all the same. */
export const isUnmatchedPayment = (application: Flagged, money: MoneyHeld): boolean =>
  application.kind !== "join" && application.status === "awaiting_payment" && money.receivedPence - money.refundedPence > 0;

export const isRefundDue = (application: Flagged, money: MoneyHeld): boolean =>
  (application.status === "rejected" && money.receivedPence - money.refundedPence > 0) ||
  isUnmatchedPayment(application, money) ||
  (application.kind !== "join" && application.status === "paid" && money.receivedPence - money.refundedPence > application.amountDuePence);
