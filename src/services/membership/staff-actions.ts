/**
 * What staff do to a membership application: record an offline payment received (which activates
 * the membership for a year from the day the money arrived) or reject it with a reason (which
 * first closes any Checkout session still open for it, so it can no longer be paid by card). Each
 * action, its audit entry and what follows it (the receipt, the e-mail to the applicant) are
 * stored in one batch, so none happens without the others.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { Application } from "../../domain/membership";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { MembershipFollowUps } from "./follow-ups";

export interface StaffActionDeps {
  applications: ApplicationStore;
  audit: AuditLog;
  followUps: Pick<MembershipFollowUps, "paymentRecorded" | "rejected" | "deliverSoon">;
  newId: () => string;
  /** Closes the application's open Checkout session, if any (best effort); its id when it did. */
  expireCheckout: (applicationId: string) => Promise<string | null>;
}

/** Refused because the application is no longer awaiting payment; nothing was changed. */
export class ApplicationNotAwaitingPayment extends Error {
  override readonly name = "ApplicationNotAwaitingPayment";
  constructor(readonly application: Application) {
    super(`Application ${application.reference} is ${application.status}, not awaiting payment`);
  }
}

export interface OfflinePayment {
  amountPence: number;
  /** The day the money arrived, YYYY-MM-DD. */
  receivedOn: string;
  /** The bank transfer reference, cheque number or similar. */
  reference: string;
}

/**
 * The last day of a membership year that starts on `isoDate` (YYYY-MM-DD): the same date a year
 * later, or 28 February for a year starting on 29 February.
 */
export function oneYearAfter(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const lastDayOfMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  const next = new Date(Date.UTC(year + 1, month - 1, Math.min(day, lastDayOfMonth)));
  return next.toISOString().slice(0, 10);
}

function assertAwaitingPayment(application: Application): void {
  if (application.status !== "awaiting_payment") throw new ApplicationNotAwaitingPayment(application);
}

/** Records the payment, activates the membership until a year after `receivedOn`, and logs it. */
export async function recordOfflinePayment(
  deps: StaffActionDeps,
  staffEmail: string,
  application: Application,
  payment: OfflinePayment,
): Promise<{ periodEnd: string }> {
  assertAwaitingPayment(application);
  const periodEnd = oneYearAfter(payment.receivedOn);
  const id = deps.newId();
  const followUps = deps.followUps.paymentRecorded({
    payment: { id, method: "offline", ...payment },
    application,
    period: { start: payment.receivedOn, end: periodEnd },
    renewal: false,
  });
  const claimed = await deps.applications.recordPayment(
    application,
    { id, method: "offline", recordedBy: staffEmail, ...payment },
    periodEnd,
    { staffEmail, action: "payment.recorded", details: { paymentId: id, ...payment, periodEnd } },
    followUps.statements,
  );
  // Someone else acted on it in the meantime: nothing was changed.
  if (!claimed) throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
  deps.followUps.deliverSoon(followUps.ids);
  return { periodEnd };
}

/** Rejects the application with a reason the applicant's record keeps, and logs it. */
export async function rejectApplication(deps: StaffActionDeps, staffEmail: string, application: Application, reason: string): Promise<void> {
  assertAwaitingPayment(application);
  // Expired before the rejection is stored, so the session cannot be paid once it is rejected.
  const expiredCheckoutSession = await deps.expireCheckout(application.id);
  const notice = deps.followUps.rejected(application, reason);
  const claimed = await deps.applications.reject(
    application,
    reason,
    { staffEmail, action: "application.rejected", details: { reason, ...(expiredCheckoutSession ? { expiredCheckoutSession } : {}) } },
    notice.statements,
  );
  if (!claimed) throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
  deps.followUps.deliverSoon(notice.ids);
}
