/**
 * The composition root: every service a request uses, built once per request from the
 * validated configuration, area by area (one module each). These are the public site's; the
 * member area's own services are built by member-area.ts and the staff area's by staff-area.ts,
 * on top of these, each imported only by its area's lazily loaded chunk (decisions 0067, 0076).
 * The cron and the queue build theirs from the same modules (background.ts). Wiring only: a
 * rule written here belongs in a service.
 */
import type { Config } from "../env";
import { authServices } from "./auth";
import { contentServices } from "./content";
import { buildCore, type RequestContext } from "./core";
import { cpdServices } from "./cpd";
import { eventServices } from "./events";
import { membershipServices } from "./membership";
import { moneyServices } from "./money";
import { buildPayments } from "./payments";
import { practitionerServices } from "./practitioners";
import { searchServices } from "./search";
import { consentServices, deliveryEventServices, messageServices } from "./messages";

export type { RequestContext } from "./core";
/** The services of a request outside the member and staff areas. */
export type Services = ReturnType<typeof siteServices>;
export type Areas = ReturnType<typeof buildAreas>;

/** The services of a request outside the member and staff areas (theirs: member-area.ts, staff-area.ts). */
export function buildServices(config: Config, request: RequestContext): Services {
  return siteServices(buildAreas(config, request));
}

/** What the areas' services are built from, once per request; the member and staff areas' wiring builds on it too. */
export function buildAreas(config: Config, request: RequestContext) {
  const core = buildCore(config, request);
  const payments = buildPayments(core);
  const signIn = authServices(core);
  const membership = membershipServices(core, payments, signIn);
  const money = moneyServices(core, payments, signIn.attemptLimits);
  return { config, request, core, payments, signIn, membership, money };
}

export function siteServices({ config, request, core, signIn, membership, money }: Areas) {
  return {
    ...contentServices(config, core.published, request.preview),
    ...signIn,
    ...membership,
    ...money,
    cpd: cpdServices(core),
    /** Events and conferences: lists, pages, places held for the cart, tickets (/events). */
    ...eventServices(core),
    /** Find a practitioner: public search and profiles, and the contact form. */
    practitioners: practitionerServices(core),
    /** The site search (/search) and its index's webhook and rebuild entry points. */
    ...searchServices(config, request.clientAddress, request.contentRead),
    /** Members' consents to mailing topics; bulk messages (staff's, /staff/messages, and the newsletter archive). */
    consents: consentServices(config),
    messages: messageServices(config),
    /** Bounces and complaints reported by the mail service (POST /api/email/events). */
    deliveryEvents: deliveryEventServices(config),
    /** Writing e-mails into the outbox (in a store's batch), delivering them, preferences. */
    email: core.email,
  };
}
