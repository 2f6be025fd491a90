/**
 * What staff do with membership applications: find them (by status, "refund due", or a search),
 * export them (the export itself is audited: personal data left the site), read one in full
 * with its payments and audit trail, record an offline payment, or reject one (which first
 * closes its open Checkout session). The rules of each action are in staff-actions.ts.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { AuditEntry } from "../../domain/audit";
import type { Application, ApplicationStatus, ListedApplication, Payment } from "../../domain/membership";
import type { Receipt } from "../../domain/receipts";
import { AppError } from "../../errors";
import type { CardPayments } from "../payments/card-payments";
import { expireMembershipCheckout } from "../payments/membership-checkout";
import type { KeysetPage, PageCursor } from "../../domain/paging";
import { offerDownload, type OfferedExport } from "../csv-stream";
import { newestFirstList } from "../newest-first-list";
import { isRefundDue, isUnmatchedPayment } from "./refunds";
import { applicationExportSource } from "./staff-export";
import { recordOfflinePayment, rejectApplication, type OfflinePayment, type StaffActionDeps } from "./staff-actions";
import type { StaffYearDeps } from "./staff-year-actions";

export interface StaffApplicationsDeps {
  applications: ApplicationStore;
  audit: AuditLog;
  receipts: Pick<ReceiptStore, "forApplication">;
  followUps: StaffActionDeps["followUps"];
  card: CardPayments | null;
  newId: () => string;
  /** Renewals' and changes' applications: the membership year's stores and grace days. */
  year: Omit<StaffYearDeps, "newId">;
  /** The most rows one download holds; past it the export is made in the background. */
  downloadMaxRows: number;
}

/** The list's filter: an application status, or the rejected applications money arrived for. */
export type ApplicationFilter = ApplicationStatus | "refund_due" | "awaiting_approval" | "all";

export interface ApplicationRecord {
  application: Application;
  payments: Payment[];
  /** The receipts issued for its payments, newest first. */
  receipts: Receipt[];
  audit: AuditEntry[];
  refundDue: boolean;
  /**
   * A renewal or change awaiting payment holds a card payment of another amount than is due
   * (refunds.ts): recorded, but it completed nothing; staff refund it or record the difference.
   */
  unmatchedPayment: boolean;
  /** The day the applicant's membership ends without renewing (staff chose so with a refund); null when it renews as usual. */
  membershipEndsOn: string | null;
}

export type StaffApplications = ReturnType<typeof createStaffApplications>;

export function createStaffApplications(deps: StaffApplicationsDeps) {
  const actions: StaffActionDeps = {
    applications: deps.applications,
    audit: deps.audit,
    followUps: deps.followUps,
    newId: deps.newId,
    year: { ...deps.year, newId: deps.newId },
    expireCheckout: async (applicationId) => (deps.card ? expireMembershipCheckout(deps.card, applicationId) : null),
  };

  const where = (filter: ApplicationFilter) =>
    filter === "refund_due" ? { refundDue: true } : filter === "awaiting_approval" ? { awaitingApproval: true } : filter === "all" ? {} : { status: filter };

  const byId = async (id: string): Promise<Application> => {
    const application = await deps.applications.byId(id);
    if (!application) throw new AppError("NOT_FOUND", "No application with this id");
    return application;
  };

  return {
    byId,

    /** One page of the list from `cursor` (the first without one), newest first, with the list's total. */
    async list(filter: ApplicationFilter, search: string, cursor: PageCursor | null): Promise<KeysetPage<ListedApplication & { refundDue: boolean }>> {
      const page = await newestFirstList(cursor, (at, limit) => deps.applications.list({ ...where(filter), search, limit, cursor: at }), (cap) => deps.applications.count({ ...where(filter), search }, cap));
      return { ...page, rows: page.rows.map((a) => ({ ...a, refundDue: isRefundDue(a, a) })) };
    },

    /**
     * Every matching application as CSV (formulas neutralised), streamed page by page, with an
     * audit entry saying who took them; past `downloadMaxRows`, refused (`tooMany`) for the
     * background export.
     */
    export(staffEmail: string, filter: ApplicationFilter, search: string): Promise<OfferedExport> {
      return offerDownload(applicationExportSource(deps.applications, { ...where(filter), search }), deps.downloadMaxRows, (count) =>
        deps.audit.record({ staffEmail, action: "applications.exported", details: { status: filter, search, count } }).run().then(() => undefined),
      );
    },

    async record(id: string): Promise<ApplicationRecord> {
      const application = await byId(id);
      const [payments, refundedPence, receipts, audit, membership] = await Promise.all([
        deps.applications.payments(id),
        deps.applications.refundedPence(id),
        deps.receipts.forApplication(id),
        deps.audit.forApplication(id),
        deps.year.memberships.forUser(application.userId),
      ]);
      const money = { receivedPence: payments.reduce((sum, payment) => sum + payment.amountPence, 0), refundedPence };
      return {
        application,
        payments,
        receipts,
        audit,
        refundDue: isRefundDue(application, money),
        unmatchedPayment: isUnmatchedPayment(application, money),
        membershipEndsOn: membership?.endsOn ?? null,
      };
    },

    recordPayment: (staffEmail: string, application: Application, payment: OfflinePayment) => recordOfflinePayment(actions, staffEmail, application, payment),

    reject: (staffEmail: string, application: Application, reason: string) => rejectApplication(actions, staffEmail, application, reason),
  };
}
