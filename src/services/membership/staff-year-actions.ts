/**
 * What staff do to the membership year's applications (kinds "renewal" and "change"), beside
 * joining's (staff-actions.ts): recording a renewal's payment extends the membership (a
 * downgrade waiting for it takes effect); recording a change's payment is what puts an offline
 * upgrade in effect (an upgrade is never in force before its amount due is paid); rejecting a
 * change's amount due closes the upgrade (and undoes one put in effect before this rule). Each
 * with its audit entry, in one batch, once.
 */
import type { MembershipChangeStore } from "../../adapters/d1/membership-changes";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { Application, MembershipTerms } from "../../domain/membership";
import type { MembershipFollowUps } from "./follow-ups";
import { renewalPeriod } from "./renewal-period";
import type { OfflinePayment } from "./staff-actions";

export interface StaffYearDeps {
  changes: MembershipChangeStore;
  memberships: Pick<MembershipStore, "forUser">;
  graceDays: number;
  /** The membership types' prices: a renewal awaiting payment is repriced to the type an upgrade puts in effect. */
  terms: () => Promise<Map<string, MembershipTerms>>;
  newId: () => string;
  /** The renewed member's receipt and "membership-paid" (renewal) e-mail, written in the payment's batch. */
  followUps: Pick<MembershipFollowUps, "paymentRecorded" | "deliverSoon">;
}

/** Records a renewal's or a change's payment; false when the application was no longer awaiting payment. */
export async function recordYearPayment(
  deps: StaffYearDeps,
  staffEmail: string,
  application: Application,
  payment: OfflinePayment,
): Promise<{ claimed: boolean; periodEnd: string | null }> {
  const id = deps.newId();
  const received = { id, recordedBy: staffEmail, ...payment };
  if (application.kind === "renewal") {
    const record = await deps.memberships.forUser(application.userId);
    const period = renewalPeriod(record?.periodEnd ?? null, payment.receivedOn, deps.graceDays);
    // The receipt and the "renewed" e-mail, numbered and written in the payment's own batch (follow-ups.ts):
    // a repeated form inserts no payment row, so neither is written twice.
    const email = deps.followUps.paymentRecorded({ payment: { id, method: "offline", ...payment }, application, period, renewal: true });
    const claimed = await deps.changes.recordRenewalPayment(
      application,
      received,
      period,
      { staffEmail, action: "renewal.payment.recorded", details: { paymentId: id, ...payment, periodStart: period.start, periodEnd: period.end } },
      email.statements,
    );
    if (claimed) deps.followUps.deliverSoon(email.ids);
    return { claimed, periodEnd: period.end };
  }
  const change = await deps.changes.forApplication(application.id);
  const target = change ? (await deps.terms()).get(change.to.slug) : undefined;
  const claimed = await deps.changes.recordChangePayment(
    application,
    received,
    { staffEmail, action: "change.payment.recorded", details: { paymentId: id, ...payment } },
    target ? { slug: target.slug, title: target.title, pence: target.subscriptionPence } : null,
  );
  return { claimed, periodEnd: null };
}

/** Rejects a change's amount due with the reason; the upgrade is undone. False when it was no longer awaiting payment. */
export async function rejectChangeApplication(deps: StaffYearDeps, staffEmail: string, application: Application, reason: string): Promise<boolean> {
  const change = await deps.changes.forApplication(application.id);
  if (!change) throw new Error(`Application ${application.id} is a change with no change recorded`);
  return deps.changes.rejectChange(application, change, reason, {
    staffEmail,
    action: "change.rejected",
    details: { reason, from: change.from.slug, to: change.to.slug },
  });
}
