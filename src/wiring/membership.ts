/**
 * Membership: joining and paying, renewing and changing type, the proof of membership, a
 * member's own details, the directory, and staff's applications, register and import.
 */
import { createVettingStore } from "../adapters/d1/application-vetting";
import { createDirectoryStore } from "../adapters/d1/directory";
import { createMemberConsentStore } from "../adapters/d1/member-consents";
import { createApplicantDocumentFiles } from "../adapters/r2/applicant-documents";
import { createDocumentUploads } from "../services/vetting/document-uploads";
import { createMemberCardStore } from "../adapters/d1/member-cards";
import { createMemberProfileStore } from "../adapters/d1/member-profiles";
import { log } from "../log";
import type { AttemptLimits } from "../services/auth/attempt-limits";
import type { AuthService } from "../services/auth/auth-service";
import { createDirectoryService } from "../services/directory/directory-service";
import { memberCard } from "../services/membership/member-card";
import { createMembershipChangeService } from "../services/membership/membership-changes";
import { createMembershipService } from "../services/membership/membership-service";
import { createStaffApplications } from "../services/membership/staff-applications";
import { publishedTerms } from "../services/membership/terms";
import { createMemberProfileService } from "../services/profile/member-profile";
import type { Core } from "./core";
import type { Payments } from "./payments";

export function membershipServices(core: Core, payments: Payments, signIn: { auth: AuthService; attemptLimits: AttemptLimits }) {
  const { config, db, stores, published, members, email, graceDays, now, newId, request } = core;
  const { card, proFormaIssuer, membershipFollowUps: followUps, completeRenewal } = payments;
  const terms = publishedTerms(published);
  const cards = createMemberCardStore(db);
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
    /** Renewing a membership paid offline, and changing membership type. */
    membershipChanges: createMembershipChangeService({
      memberships: stores.memberships,
      proForma: proFormaIssuer,
      applications: stores.applications,
      changes: stores.membershipChanges,
      terms,
      joinPage: () => published.joinPage(),
      card,
      graceDays,
      now,
      log,
    }),
    /** The signed-in member's number and proof of membership. */
    memberCard: (userId: string) => memberCard({ memberships: stores.memberships, applications: stores.applications, cards, members }, userId),
    /** A member's own details (/user/profile), kept with the join form's rules. */
    memberProfile: createMemberProfileService({
      applications: stores.applications,
      store: createMemberProfileStore(db, stores.audit),
      terms,
      joinPage: () => published.joinPage(),
      log,
    }),
    /** The member directory (opt-in, per-field privacy, members only). */
    directory: createDirectoryService({ store: createDirectoryStore(db), isMember: members.isMember, limiter: config.bindings.directoryLimiter, now, log }),
    staffApplications: createStaffApplications({
      applications: stores.applications,
      audit: stores.audit,
      receipts: stores.receipts,
      followUps,
      card,
      newId,
      year: { changes: stores.membershipChanges, memberships: stores.memberships, graceDays, terms, followUps },
      downloadMaxRows: config.exports.downloadMaxRows,
    }),
  };
}
