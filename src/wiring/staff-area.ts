/**
 * The staff area's own services, on top of the public site's and the member area's (whose
 * receipts, places and data staff's pages show too): only the staff area's chunk
 * (src/staff-area.ts, loaded on the first /staff request: decision 0067) imports this module, so
 * these services and their stores stay out of what the Worker loads at start-up.
 */
import { createDashboardStore } from "../adapters/d1/dashboard";
import { createEventAttendanceStore } from "../adapters/d1/event-attendance";
import { createAttendancePreviewStore } from "../adapters/d1/event-attendance-previews";
import { createLedgerStore } from "../adapters/d1/ledger";
import { createMemberOfficeStore } from "../adapters/d1/member-office";
import { createMemberTimelineStore } from "../adapters/d1/member-timeline";
import { createMembersRegisterStore } from "../adapters/d1/members-register";
import type { Config } from "../env";
import { log } from "../log";
import { cpdProvider } from "../services/cpd/provider";
import { createEventAttendance } from "../services/events/event-attendance";
import { createStaffEvents } from "../services/events/staff-events";
import { createDashboard } from "../services/finance/dashboard";
import { createFinanceLedger } from "../services/finance/finance-ledger";
import type { StaffApplications } from "../services/membership/staff-applications";
import { createMemberCreation } from "../services/membership/member-creation";
import { createMemberDetailsEdit } from "../services/membership/member-details-edit";
import { memberMerge } from "./member-merge";
import { createMemberOffice } from "../services/membership/member-office";
import { createMembersRegister } from "../services/membership/members-register";
import { publishedTerms } from "../services/membership/terms";
import { createStaffOrders } from "../services/orders/staff-orders";
import { createStaffListings } from "../services/practitioners/staff-listings";
import { staffApplicationsOf } from "./applications";
import type { RequestContext } from "./core";
import { eventCancellation, eventReopening } from "./event-cancellation";
import { staffExports } from "./exports";
import { buildAreas, siteServices, type Areas } from "./index";
import { memberAreaServices, type MemberAreaServices } from "./member-area";
import { memberImport } from "./member-import";
import { topicServices } from "./messages";
import { practitionerParts } from "./practitioners";
import { staffServices } from "./staff";

export type StaffAreaServices = ReturnType<typeof buildStaffAreaServices>;

/** Every service a staff request may use: the site's, the member area's and the staff area's own. */
export function buildStaffAreaServices(config: Config, request: RequestContext) {
  const areas = buildAreas(config, request);
  const staffApplications = staffApplicationsOf(areas.core, areas.payments);
  const members = memberAreaServices(areas, siteServices(areas), staffApplications);
  return { ...members, ...staffOnlyServices(areas, members, staffApplications) };
}

function staffOnlyServices({ config, core, payments, money }: Areas, site: MemberAreaServices, staffApplications: StaffApplications) {
  const { db, stores, published, email, notices, batch, graceDays, now, newId } = core;
  const terms = publishedTerms(published);
  const memberOfficeStore = () => createMemberOfficeStore(db, stores.audit);
  const eventAttendance = createEventAttendance({
    content: published,
    store: createEventAttendanceStore(db),
    previews: createAttendancePreviewStore(db),
    bookings: stores.eventBookings,
    notices,
    batch,
    provider: cpdProvider(published, config.site.name),
    newId,
    now,
    log,
  });
  return {
    /** Who is staff with which role, and their second factor (the gate: middleware/require-staff). */
    ...staffServices(core),
    /** Approving, rejecting and recording payment for applications (/staff/applications). */
    staffApplications,
    /** Staff bring existing members across from a CSV file (/staff/members/import). */
    memberImport: memberImport(config, published, email.outbox),
    /** The membership office: staff notes and changes of a member's standing. */
    memberOffice: createMemberOffice({ memberships: stores.memberships, store: memberOfficeStore(), newId }),
    /** Duplicate member records: the likely ones, and staff's merge of two (/staff/members/duplicates, /staff/members/merge). */
    memberMerge: memberMerge(config, newId),
    /** Staff make a member by hand (/staff/members/new). */
    memberCreation: createMemberCreation({ store: memberOfficeStore(), outbox: email.outbox, terms, receipts: stores.receipts, newId, now }),
    /** Staff edit a member's details and membership type (/staff/members/:userId/details). */
    memberDetailsEdit: createMemberDetailsEdit({
      applications: stores.applications,
      memberships: stores.memberships,
      store: memberOfficeStore(),
      terms,
      joinPage: () => published.joinPage(),
      now,
    }),
    /** The staff members register. */
    membersRegister: createMembersRegister({
      store: createMembersRegisterStore(db),
      timeline: createMemberTimelineStore(db),
      audit: stores.audit,
      graceDays,
      now,
      downloadMaxRows: config.exports.downloadMaxRows,
    }),
    staffOrders: createStaffOrders({ orders: stores.orders, audit: stores.audit, receipts: stores.receipts, followUps: payments.orderFollowUps, newId, downloadMaxRows: config.exports.downloadMaxRows }),
    /** The finance ledger, its CSV and the quarterly VAT summary (/staff/finance). */
    financeLedger: createFinanceLedger({ ledger: createLedgerStore(db), audit: stores.audit, downloadMaxRows: config.exports.downloadMaxRows }),
    /** Members and money by month (/staff/dashboard). */
    dashboard: createDashboard({ store: createDashboardStore(db), graceDays, now }),
    /** /staff/events: sales, attendees, check-in (which credits the attendee's CPD). */
    staffEvents: createStaffEvents({ content: published, bookings: stores.eventBookings, now, attended: eventAttendance.checkedIn }),
    /** /staff/events/{id}/attendance: an online session's attendance report, marking by hand, and the CPD it earns. */
    eventAttendance,
    /** /staff/events/{id}: cancelling or postponing the event. */
    eventCancellation: eventCancellation(core, money.refunds),
    /** /staff/events/{id}: reopening a postponed event on new dates. */
    eventReopening: eventReopening(core),
    /** Exports too big for one download, built in the background (/staff/exports/…). */
    staffExports: staffExports(config),
    /** Staff keeping the mailing topics (/staff/messages/topics). */
    messageTopics: topicServices(config),
    practitioners: {
      ...site.practitioners,
      /** The staff's list of listings, hiding one, the export (/staff/practitioners). */
      staff: createStaffListings({ store: practitionerParts(core).store, audit: stores.audit, outbox: email.outbox, batch, settings: () => published.practitionerSettings(), graceDays, now, log }),
    },
  };
}
