/**
 * What several areas share, built first for a request: the stores more than one area writes,
 * the content, the e-mail services and their notices, and the member rule.
 */
import { createApplicationStore } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { createMembershipChangeStore } from "../adapters/d1/membership-changes";
import { createMembershipStore } from "../adapters/d1/memberships";
import { createOrderStore } from "../adapters/d1/orders";
import { createEventBookingStore } from "../adapters/d1/event-bookings";
import { createProFormaInvoiceStore } from "../adapters/d1/pro-forma-invoices";
import { createReceiptStore } from "../adapters/d1/receipts";
import { createRedemptionStore } from "../adapters/d1/discount-redemptions";
import { createRefundStore } from "../adapters/d1/refunds";
import { createSecondFactorStore } from "../adapters/d1/staff-second-factors";
import { createSessionStore } from "../adapters/d1/sessions";
import { createStaffStore } from "../adapters/d1/staff";
import { createWebinarJoinStore } from "../adapters/d1/webinar-joins";
import type { Config } from "../env";
import { log } from "../log";
import { createNotices } from "../services/email/notices";
import { createMemberRule } from "../services/membership/member-rule";
import { publishedContent } from "./content";
import { emailServices } from "./email";

/** What a request brings that the configuration does not. */
export interface RequestContext {
  /** Runs work after the response (the content cache's background refresh, e-mails delivered soon). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The client's address as Cloudflare reports it (rate limits count per address). */
  clientAddress: string;
  /** Whether this request is an editor's draft preview (a valid preview cookie; middleware/init). */
  preview: boolean;
  /** Told when the response was given content a purge has outdated, so the edge cache does not keep it. */
  outdatedContent?: () => void;
  /** Told what each current piece of content the response was given depends on (the edge cache keeps the page by them). */
  contentRead?: (dependsOn: readonly string[]) => void;
}

export type Core = ReturnType<typeof buildCore>;

export function buildCore(config: Config, request: RequestContext) {
  const { db } = config.bindings;
  const audit = createAuditLog(db);
  const stores = {
    applications: createApplicationStore(db),
    audit,
    memberships: createMembershipStore(db),
    membershipChanges: createMembershipChangeStore(db),
    orders: createOrderStore(db),
    eventBookings: createEventBookingStore(db),
    redemptions: createRedemptionStore(db),
    receipts: createReceiptStore(db),
    proForma: createProFormaInvoiceStore(db),
    refunds: createRefundStore(db, audit),
    sessions: createSessionStore(db),
    secondFactors: createSecondFactorStore(db),
    staff: createStaffStore(db),
    webinarJoins: createWebinarJoinStore(db),
  };
  const now = () => new Date();
  const graceDays = config.membership.graceDays;
  const published = publishedContent(config, request.waitUntil, { onOutdated: request.outdatedContent, onRead: request.contentRead });
  const email = emailServices(config, published);
  return {
    config,
    request,
    db,
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    stores,
    published,
    email,
    /** What follows a change in its own batch: receipts, and e-mails delivered after the response. */
    notices: createNotices({ outbox: email.outbox, waitUntil: request.waitUntil, log }),
    /** Who is a member: one rule for every caller (services/membership/member-rule.ts). */
    members: createMemberRule({ memberships: stores.memberships, disputes: stores.refunds, graceDays, now }),
    graceDays,
    now,
    newId: () => crypto.randomUUID(),
  };
}
