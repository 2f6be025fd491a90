/**
 * Vetting: staff's review of applications for membership types that need approval, the
 * applicants' documents in R2, and the regulator register (none configured: nothing outside is
 * asked). Built after membership and money, whose rejection and refunds it uses.
 */
import { createVettingStore } from "../adapters/d1/application-vetting";
import { createApplicantDocumentFiles } from "../adapters/r2/applicant-documents";
import { unconfiguredRegister } from "../adapters/regulator/unconfigured-register";
import { log } from "../log";
import type { StaffApplications } from "../services/membership/staff-applications";
import type { RefundService } from "../services/refunds/refund-service";
import { createDocumentUploads } from "../services/vetting/document-uploads";
import { createVetting } from "../services/vetting/vetting-service";
import type { Core } from "./core";
import type { Payments } from "./payments";

export function vettingServices(core: Core, payments: Payments, done: { staffApplications: StaffApplications; refunds: RefundService }) {
  const { config, db, stores, notices, now, newId } = core;
  const files = createApplicantDocumentFiles(config.bindings.applicantDocuments);
  const store = createVettingStore(db, stores.audit);
  return createVetting({
    applications: stores.applications,
    store,
    files,
    uploads: createDocumentUploads({ files, store, newId }),
    register: unconfiguredRegister,
    notices,
    proForma: payments.proFormaIssuer,
    offlinePaymentInstructions: config.membership.offlinePaymentInstructions,
    reject: (staffEmail, application, reason) => done.staffApplications.reject(staffEmail, application, reason),
    refunds: done.refunds,
    card: payments.card,
    followUps: payments.membershipFollowUps,
    now,
    log,
  });
}
