/**
 * What staff do to a membership application: record an offline payment received (which activates
 * the membership for a year from the day the money arrived) or reject it with a reason (which
 * first closes any Checkout session still open for it, so it can no longer be paid by card). Each
 * action, its audit entry and what follows it (the receipt, the e-mail to the applicant) are
 * stored in one batch, so none happens without the others.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { Application } from "../../domain/membership";
import { AppError } from "../../errors";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { MembershipFollowUps } from "./follow-ups";
import { oneYearAfter } from "./renewal-period";
import { recordYearPayment, rejectChangeApplication, type StaffYearDeps } from "./staff-year-actions";

export { oneYearAfter };

export interface StaffActionDeps {
  applications: ApplicationStore;
  audit: AuditLog;
  followUps: Pick<MembershipFollowUps, "paymentRecorded" | "rejected" | "deliverSoon">;
  newId: () => string;
  /** Closes the application's open Checkout session, if any (best effort); its id when it did. */
  expireCheckout: (applicationId: string) => Promise<string | null>;
  /** Renewals' and changes' applications (staff-year-actions.ts). */
  year: StaffYearDeps;
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

function assertAwaitingPayment(application: Application): void {
  if (application.status !== "awaiting_payment") throw new ApplicationNotAwaitingPayment(application);
}

/**
 * Records the payment, activates the membership until a year after `receivedOn`, and logs it.
 * A renewal's or a change's payment follows its own rule (staff-year-actions.ts).
 */
export async function recordOfflinePayment(
  deps: StaffActionDeps,
  staffEmail: string,
  application: Application,
  payment: OfflinePayment,
): Promise<{ periodEnd: string | null }> {
  assertAwaitingPayment(application);
  if (application.vetting === "pending" || application.vetting === "more_info") {
    throw new AppError("CONFLICT", "This application needs approval before any payment is recorded: approve it first (or reject it)");
  }
  if (application.kind !== "join") {
    // A renewal's open card Checkout is closed first (best effort), so the member cannot also pay it by card.
    if (application.kind === "renewal") await deps.expireCheckout(application.id);
    const { claimed, periodEnd } = await recordYearPayment(deps.year, staffEmail, application, payment);
    if (!claimed) throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
    return { periodEnd };
  }
  const periodEnd = oneYearAfter(payment.receivedOn);
  const id = deps.newId();
  const email = deps.followUps.paymentRecorded({
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
    email.statements,
  );
  // Someone else acted on it in the meantime: nothing was changed.
  if (!claimed) throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
  deps.followUps.deliverSoon(email.ids);
  return { periodEnd };
}

/** Rejects the application with a reason the applicant's record keeps, and logs it (a change's: the upgrade is undone). */
export async function rejectApplication(deps: StaffActionDeps, staffEmail: string, application: Application, reason: string): Promise<void> {
  assertAwaitingPayment(application);
  if (application.kind === "change") {
    if (!(await rejectChangeApplication(deps.year, staffEmail, application, reason))) {
      throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
    }
    return;
  }
  // Expired before the rejection is stored, so the session cannot be paid once it is rejected.
  const expiredCheckoutSession = await deps.expireCheckout(application.id);
  const email = deps.followUps.rejected(application, reason);
  const claimed = await deps.applications.reject(
    application,
    reason,
    { staffEmail, action: "application.rejected", details: { reason, ...(expiredCheckoutSession ? { expiredCheckoutSession } : {}) } },
    email.statements,
  );
  if (!claimed) throw new ApplicationNotAwaitingPayment((await deps.applications.byId(application.id)) ?? application);
  deps.followUps.deliverSoon(email.ids);
}
