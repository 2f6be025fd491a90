/**
 * The composition root: every service a request uses, built once per request from the
 * validated configuration, area by area (one module each). The staff area's own services are
 * built by staff-area.ts, which only the staff area's chunk imports (decision 0067), on top of
 * these. The cron and the queue build theirs from the same modules (background.ts). Wiring
 * only: a rule written here belongs in a service.
 */
import type { Config } from "../env";
import { authServices } from "./auth";
import { contentServices } from "./content";
import { buildCore, type RequestContext } from "./core";
import { cpdServices } from "./cpd";
import { eventServices } from "./events";
import { postponedCancellation } from "./event-cancellation";
import { membershipServices } from "./membership";
import { moneyServices } from "./money";
import { buildPayments } from "./payments";
import { practitionerServices } from "./practitioners";
import { privacyServices } from "./privacy";
import { searchServices } from "./search";
import { staffServices } from "./staff";
import { vettingServices } from "./vetting";
import { consentServices, deliveryEventServices, messageServices } from "./messages";

export type { RequestContext } from "./core";
/** The services of a request outside the staff area. */
export type Services = ReturnType<typeof siteServices>;
export type Areas = ReturnType<typeof buildAreas>;

/** The services of a request outside the staff area (the staff area's: staff-area.ts). */
export function buildServices(config: Config, request: RequestContext): Services {
  return siteServices(buildAreas(config, request));
}

/** What the areas' services are built from, once per request; the staff area's wiring builds on it too. */
export function buildAreas(config: Config, request: RequestContext) {
  const core = buildCore(config, request);
  const payments = buildPayments(core);
  const signIn = authServices(core);
  const membership = membershipServices(core, payments, signIn);
  const money = moneyServices(core, payments, signIn.attemptLimits);
  return { config, request, core, payments, signIn, membership, money };
}

export function siteServices({ config, request, core, payments, signIn, membership, money }: Areas) {
  return {
    ...contentServices(config, core.published, request.preview),
    ...signIn,
    ...membership,
    ...money,
    /** Staff's review of applications that need approval, and applicants' documents. */
    vetting: vettingServices(core, payments, { staffApplications: membership.staffApplications, refunds: money.refunds }),
    ...staffServices(core),
    cpd: cpdServices(core),
    /** Events and conferences: lists, pages, places held for the cart (/events); check-in and attendance. */
    ...eventServices(core),
    /** /user/events: a buyer's cancelling of a postponed event's places for a full refund. */
    postponedCancellation: postponedCancellation(core, money.refunds),
    privacy: privacyServices(core, payments),
    /** Find a practitioner: public search and profiles, contact form, members' listings, staff list. */
    practitioners: practitionerServices(core),
    /** The site search (/search) and its index's webhook and rebuild entry points. */
    ...searchServices(config, request.clientAddress, request.contentRead),
    /** Mailing topics and members' consents; staff's bulk messages (/staff/messages). */
    consents: consentServices(config),
    messages: messageServices(config),
    /** Bounces and complaints reported by the mail service (POST /api/email/events). */
    deliveryEvents: deliveryEventServices(config),
    /** Writing e-mails into the outbox (in a store's batch), delivering them, preferences. */
    email: core.email,
  };
}
