/**
 * Membership: joining and paying for it, which public pages offer. A member's own pages
 * (renewing and changing type, the proof of membership, their details, the directory) are the
 * member area's (member-area.ts), and staff's applications, register and import the staff area's.
 */
import { createVettingStore } from "../adapters/d1/application-vetting";
import { createMemberConsentStore } from "../adapters/d1/member-consents";
import { createApplicantDocumentFiles } from "../adapters/r2/applicant-documents";
import { createDocumentUploads } from "../services/vetting/document-uploads";
import { log } from "../log";
import type { AttemptLimits } from "../services/auth/attempt-limits";
import type { AuthService } from "../services/auth/auth-service";
import { createMembershipService } from "../services/membership/membership-service";
import type { Core } from "./core";
import type { Payments } from "./payments";

export function membershipServices(core: Core, payments: Payments, signIn: { auth: AuthService; attemptLimits: AttemptLimits }) {
  const { config, db, stores, published, members, graceDays, now, newId } = core;
  const { card, proFormaIssuer, membershipFollowUps: followUps, completeRenewal } = payments;
  const documents = createDocumentUploads({ files: createApplicantDocumentFiles(config.bindings.applicantDocuments), store: createVettingStore(db, stores.audit), newId });
  return {
    membership: createMembershipService({
      applications: stores.applications,
      redemptions: stores.redemptions,
      proForma: proFormaIssuer,
      memberships: stores.memberships,
      members,
      changes: stores.membershipChanges,
      content: published,
      auth: signIn.auth,
      attemptLimits: signIn.attemptLimits,
      card,
      followUps,
      documents,
      consents: createMemberConsentStore(db),
      completeRenewal,
      graceDays,
      now,
      log,
    }),
  };
}
