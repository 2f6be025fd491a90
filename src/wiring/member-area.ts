/**
 * The member area's own services, on top of the public site's: only the member area's chunk
 * (src/member-area.ts, loaded on the first /user request: decision 0076) and the staff area's
 * wiring, whose pages show the same receipts, places and data, import this module, so these
 * services and their stores stay out of what the Worker loads at start-up.
 */
import { createCpdStore } from "../adapters/d1/cpd";
import { createDirectoryStore } from "../adapters/d1/directory";
import { createMemberCardStore } from "../adapters/d1/member-cards";
import { createMemberProfileStore } from "../adapters/d1/member-profiles";
import { createPlaceTransferStore } from "../adapters/d1/event-place-transfers";
import { createWaitlistOfferStore } from "../adapters/d1/event-waitlist-offers";
import type { Config } from "../env";
import { log } from "../log";
import { createCpdLog } from "../services/cpd/cpd-log";
import { createDirectoryService } from "../services/directory/directory-service";
import { createOfferClaims } from "../services/events/offer-claims";
import { createPlaceTransfer, memberAtAddress } from "../services/events/place-transfer";
import { memberCard } from "../services/membership/member-card";
import { createMembershipChangeService } from "../services/membership/membership-changes";
import type { StaffApplications } from "../services/membership/staff-applications";
import { publishedTerms } from "../services/membership/terms";
import { createPracticeService } from "../services/practitioners/practice-service";
import { createProFormaService } from "../services/pro-forma/pro-forma-service";
import { createMemberProfileService } from "../services/profile/member-profile";
import { createReceiptService } from "../services/receipts/receipt-service";
import { staffApplicationsOf } from "./applications";
import type { RequestContext } from "./core";
import { postponedCancellation } from "./event-cancellation";
import { buildAreas, siteServices, type Areas, type Services } from "./index";
import { practitionerParts, practitionerPhotoSweep } from "./practitioners";
import { privacyServices } from "./privacy";
import { vettingServices } from "./vetting";

export type MemberAreaServices = ReturnType<typeof buildMemberAreaServices>;

/** Every service a member area request may use: the site's and the member area's own. */
export function buildMemberAreaServices(config: Config, request: RequestContext) {
  const areas = buildAreas(config, request);
  return memberAreaServices(areas, siteServices(areas));
}

/**
 * The site's services with the member area's own beside them. The staff area passes the staff
 * applications it builds for its own pages, so a staff request builds them once.
 */
export function memberAreaServices(areas: Areas, site: Services, staffApplications: StaffApplications = staffApplicationsOf(areas.core, areas.payments)) {
  const { config, core, payments, money } = areas;
  const { db, stores, published, members, notices, graceDays, now, newId } = core;
  const { card, proFormaIssuer } = payments;
  const terms = publishedTerms(published);
  const practitioners = practitionerParts(core);
  const placeTransfers = createPlaceTransferStore(db);
  return {
    ...site,
    /** Renewing a membership paid offline, and changing membership type (/user/membership). */
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
    memberCard: (userId: string) => memberCard({ memberships: stores.memberships, applications: stores.applications, cards: createMemberCardStore(db), members }, userId),
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
    /** The user's receipts and staff's view of any receipt. */
    receipts: createReceiptService({ receipts: stores.receipts, content: published, siteName: config.site.name }),
    /** Pro-forma invoices: the payer's own, and staff's view and issue of one for anything awaiting a bank transfer. */
    proForma: createProFormaService({
      proForma: stores.proForma,
      issuer: proFormaIssuer,
      applications: stores.applications,
      orders: stores.orders,
      content: published,
      siteName: config.site.name,
      paymentInstructions: config.membership.offlinePaymentInstructions,
      now,
    }),
    cpd: {
      ...site.cpd,
      /** The user's CPD log (/user/cpd): entries, reflections, the year's summary and its CSV. */
      log: createCpdLog({ store: createCpdStore(db), targetHundredths: () => published.cpdTargetHundredths(), newId, now }),
    },
    /** A person's data export (theirs, or staff's for a data-subject request) and erasing their account. */
    privacy: privacyServices(core, payments),
    /** An applicant's documents and answers (/user/membership), and staff's review of applications that need approval. */
    vetting: vettingServices(core, payments, { staffApplications, refunds: money.refunds }),
    /** A waiting-list offer's holder: their open offers and claiming one into the cart (/user/events). */
    offerClaims: createOfferClaims({ offers: createWaitlistOfferStore(db), content: published, now }),
    /** /user/events and /staff/events/{id}: passing an attendee's place to someone else. */
    placeTransfer: createPlaceTransfer({
      content: published,
      store: placeTransfers,
      audit: stores.audit,
      notices,
      now,
      memberByEmail: (email) => memberAtAddress({ accounts: placeTransfers.membersWithEmail, members }, email),
    }),
    /** /user/events: a buyer's cancelling of a postponed event's places for a full refund. */
    postponedCancellation: postponedCancellation(core, money.refunds),
    practitioners: {
      ...site.practitioners,
      /** The member's own listing (/user/practice). */
      practice: createPracticeService({
        ...practitioners,
        photoSweep: practitionerPhotoSweep(config),
        membershipSlug: async (userId) => (await stores.memberships.forUser(userId))?.membershipSlug ?? null,
        graceDays,
        now,
        log,
      }),
    },
  };
}
