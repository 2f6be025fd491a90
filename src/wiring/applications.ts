/**
 * Staff's handling of applications (approving, rejecting, recording payment): the staff area's
 * pages, and the review of applications that need approval, whose rejection it is (vetting.ts).
 */
import { createStaffApplications } from "../services/membership/staff-applications";
import { publishedTerms } from "../services/membership/terms";
import type { Core } from "./core";
import type { Payments } from "./payments";

export function staffApplicationsOf({ config, stores, published, graceDays, newId }: Core, { card, membershipFollowUps: followUps }: Payments) {
  return createStaffApplications({
    applications: stores.applications,
    audit: stores.audit,
    receipts: stores.receipts,
    followUps,
    card,
    newId,
    year: { changes: stores.membershipChanges, memberships: stores.memberships, graceDays, terms: publishedTerms(published), followUps },
    downloadMaxRows: config.exports.downloadMaxRows,
  });
}
