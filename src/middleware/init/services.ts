/**
 * The composition root: every store (D1, KV, Stripe, Firebase) and every service a request
 * uses, built once per request from the validated configuration. Routes get services only.
 */
import type { CheckoutSession } from "../../domain/billing";
import { createCmsClient } from "../../adapters/cms/client";
import { createApplicationStore } from "../../adapters/d1/applications";
import { createAuditLog } from "../../adapters/d1/audit-log";
import { createMemberProfileStore } from "../../adapters/d1/member-profiles";
import { createAccountEmailStore } from "../../adapters/d1/account-emails";
import { createCardBillingStore } from "../../adapters/d1/card-billing";
import { createCpdStore } from "../../adapters/d1/cpd";
import { createWebinarJoinStore } from "../../adapters/d1/webinar-joins";
import { createMemberCardStore } from "../../adapters/d1/member-cards";
import { createMemberImportStore } from "../../adapters/d1/member-import";
import { createMemberTimelineStore } from "../../adapters/d1/member-timeline";
import { createMembersRegisterStore } from "../../adapters/d1/members-register";
import { createMembershipChangeStore } from "../../adapters/d1/membership-changes";
import { createDirectoryStore } from "../../adapters/d1/directory";
import { createMembershipStore } from "../../adapters/d1/memberships";
import { createOrderStore } from "../../adapters/d1/orders";
import { createPersonalDataStore } from "../../adapters/d1/personal-data";
import { createRedemptionStore } from "../../adapters/d1/discount-redemptions";
import { createLedgerStore } from "../../adapters/d1/ledger";
import { createDashboardStore } from "../../adapters/d1/dashboard";
import { createPurgeLog } from "../../adapters/d1/purge-log";
import { createReceiptStore } from "../../adapters/d1/receipts";
import { createProFormaInvoiceStore } from "../../adapters/d1/pro-forma-invoices";
import { createRefundStore } from "../../adapters/d1/refunds";
import { createSessionStore } from "../../adapters/d1/sessions";
import { createStaffStore } from "../../adapters/d1/staff";
import { createSecondFactorStore } from "../../adapters/d1/staff-second-factors";
import { createAccountLookup } from "../../adapters/firebase/account-lookup";
import { googleKeySource, type KeySource } from "../../adapters/firebase/google-keys";
import { createIdTokenVerifier } from "../../adapters/firebase/id-token-verifier";
import { createIdentityToolkit } from "../../adapters/firebase/identity-toolkit";
import { cachedServiceAccountTokenSource, type AccessTokenSource } from "../../adapters/firebase/service-account-token";
import { createKvCacheStore } from "../../adapters/kv/cache-store";
import { createContentVersionStore } from "../../adapters/kv/content-version";
import { createBillingApi } from "../../adapters/stripe/billing-api";
import type { AuthConfig, Config } from "../../env";
import { log } from "../../log";
import { createAccountCheck } from "../../services/auth/account-check";
import { createEmailChangeService } from "../../services/auth/email-change";
import { createAttemptLimits } from "../../services/auth/attempt-limits";
import { createAuthService } from "../../services/auth/auth-service";
import { createRegistration } from "../../services/auth/registration";
import { entryTtlSeconds } from "../../services/cache/read-through";
import { createContentService } from "../../services/content/content-service";
import { createAttendance } from "../../services/cpd/attendance";
import { createCertificates } from "../../services/cpd/certificates";
import { createCpdLog } from "../../services/cpd/cpd-log";
import { holderName } from "../../services/cpd/holder-name";
import { purgeContent, type PurgeRequest } from "../../services/content/purge";
import { createNotices } from "../../services/email/notices";
import { createMemberImport } from "../../services/member-import/member-import";
import { createDirectoryService } from "../../services/directory/directory-service";
import { createMemberProfileService } from "../../services/profile/member-profile";
import { claimMembership } from "../../services/membership/claim";
import { createMembershipFollowUps } from "../../services/membership/follow-ups";
import { memberCard } from "../../services/membership/member-card";
import { createMemberRule } from "../../services/membership/member-rule";
import { createMembersRegister } from "../../services/membership/members-register";
import { createMembershipChangeService } from "../../services/membership/membership-changes";
import { createMembershipService } from "../../services/membership/membership-service";
import { createStaffApplications } from "../../services/membership/staff-applications";
import { membershipTerms } from "../../services/membership/terms";
import { createOrderFollowUps } from "../../services/orders/follow-ups";
import { createFinanceLedger } from "../../services/finance/finance-ledger";
import { recordInvoiceFee, recordPaymentFee } from "../../services/finance/payment-fees";
import { createDashboard } from "../../services/finance/dashboard";
import { createOrderService } from "../../services/orders/order-service";
import { createStaffOrders } from "../../services/orders/staff-orders";
import type { CardPayments } from "../../services/payments/card-payments";
import { fulfilOrder } from "../../services/payments/order-fulfilment";
import { receiveStripeWebhook } from "../../services/payments/stripe-webhook";
import { completeRenewalCheckout } from "../../services/payments/renewal-payment";
import { createAccountErasure } from "../../services/privacy/account-erasure";
import { createDataExport } from "../../services/privacy/data-export";
import { createPseudonyms } from "../../services/privacy/pseudonyms";
import { createReceiptService } from "../../services/receipts/receipt-service";
import { createProFormaIssuer } from "../../services/pro-forma/pro-forma-issue";
import { createProFormaService } from "../../services/pro-forma/pro-forma-service";
import { createSecondFactor } from "../../services/staff/second-factor";
import { createSecretBox } from "../../services/staff/secret-box";
import { createStaffTeam } from "../../services/staff/staff-team";
import { recordDispute } from "../../services/refunds/disputes";
import { refundEmail } from "../../services/refunds/refund-email";
import { createRefundService } from "../../services/refunds/refund-service";
import { emailServices } from "./email";

// Google's signing keys are cached per isolate, for the max-age Google gives them.
let googleKeys: KeySource | undefined;

/**
 * The credential for Identity Toolkit's admin calls: the emulator treats `Bearer owner` as an
 * administrator; in production, the service account's access token. Null when there is neither
 * (development against a real project without a key): accounts are then not re-checked.
 */
function adminAccessToken(auth: AuthConfig): AccessTokenSource | null {
  if (auth.emulatorHost) return async () => "owner";
  return auth.serviceAccount ? cachedServiceAccountTokenSource(auth.serviceAccount) : null;
}

export type Services = ReturnType<typeof buildServices>;

export interface RequestContext {
  /** Runs work after the response (the content cache's background refresh). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The client's address as Cloudflare reports it (rate limits count per address). */
  clientAddress: string;
  /** Whether this request is an editor's draft preview (a valid preview cookie; middleware/init). */
  preview: boolean;
}

export function buildServices(config: Config, { waitUntil, clientAddress, preview }: RequestContext) {
  const now = () => new Date();
  const newId = () => crypto.randomUUID();
  const { db, contentCache } = config.bindings;
  const stores = {
    applications: createApplicationStore(db),
    audit: createAuditLog(db),
    cardBilling: createCardBillingStore(db),
    memberships: createMembershipStore(db),
    membershipChanges: createMembershipChangeStore(db),
    orders: createOrderStore(db),
    redemptions: createRedemptionStore(db),
    receipts: createReceiptStore(db),
    proForma: createProFormaInvoiceStore(db),
    sessions: createSessionStore(db),
    contentCache: createKvCacheStore(contentCache),
    contentVersion: createContentVersionStore(contentCache),
    secondFactors: createSecondFactorStore(db),
  };

  /** Published content, through the KV cache: what prices, orders, memberships and e-mails use. */
  const published = createContentService({
    cms: createCmsClient(config.cms),
    cache: { store: stores.contentCache, policy: config.cache, now: Date.now, waitUntil, log },
    log,
  });
  /**
   * What pages show: in an editor's preview, drafts read straight from the CMS with no cache in
   * either direction (services/preview); otherwise the published content.
   */
  const content = preview ? createContentService({ cms: createCmsClient({ ...config.cms, status: "draft" }), cache: null, log }) : published;

  const graceDays = config.membership.graceDays;
  const refundStore = createRefundStore(db, stores.audit);
  const webinarJoins = createWebinarJoinStore(db);
  /** Who is a member: one rule for every caller (services/membership/member-rule.ts). */
  const members = createMemberRule({ memberships: stores.memberships, disputes: refundStore, graceDays, now });

  const email = emailServices(config, published);
  // What follows a change in its own batch: receipts, and e-mails delivered after the response.
  const notices = createNotices({ outbox: email.outbox, waitUntil, log });

  const { auth: authConfig } = config;
  const adminToken = adminAccessToken(authConfig);
  const identity = createIdentityToolkit({ baseUrl: authConfig.identityToolkitUrl, apiKey: authConfig.apiKey });
  const accountLookup = adminToken ? createAccountLookup({ baseUrl: authConfig.identityToolkitUrl, projectId: authConfig.projectId, accessToken: adminToken }) : null;
  /** Changing the sign-in address (verify-before-update), and our records following it. */
  const emailChange = createEmailChangeService({
    identity,
    lookup: accountLookup,
    store: createAccountEmailStore(db, stores.audit),
    notices,
    secret: authConfig.sessionSecret,
    siteUrl: config.site.url,
    now,
    log,
  });
  const auth = createAuthService({
    verifyIdToken: createIdTokenVerifier({ projectId: authConfig.projectId, keys: (googleKeys ??= googleKeySource()), emulator: authConfig.emulatorHost !== null }),
    identity,
    sessions: stores.sessions,
    isMember: members.isMember,
    claimMembership: async (claims) => {
      // A verified address the account has moved to: our records follow it before the session opens.
      if (claims.emailVerified && claims.email) await emailChange.follow(claims.uid, claims.email);
      return claimMembership({ memberships: stores.memberships, log }, claims);
    },
    accountCheck: accountLookup
      ? createAccountCheck({
          lookup: accountLookup,
          sessions: stores.sessions,
          now: Date.now,
          log,
          addressChanged: (userId, newEmail) => emailChange.follow(userId, newEmail),
        })
      : null,
    secret: authConfig.sessionSecret,
    maxAgeSeconds: authConfig.sessionMaxAgeSeconds,
    now: Date.now,
    log,
  });
  const attemptLimits = createAttemptLimits({ byClient: config.bindings.authIpLimiter, byEmail: config.bindings.authEmailLimiter, client: clientAddress, log });

  const card: CardPayments | null = config.stripe
    ? {
        stripe: config.stripe,
        billing: createBillingApi(config.stripe),
        store: stores.cardBilling,
        siteUrl: config.site.url,
        redirectOrigins: config.stripe.redirectOrigins,
        now,
        log,
      }
    : null;

  const staffStore = createStaffStore(db);
  const membershipFollowUps = createMembershipFollowUps({
    receipts: stores.receipts,
    notices,
    offlinePaymentInstructions: config.membership.offlinePaymentInstructions,
    graceDays,
    now,
    staff: staffStore,
    seededStaffEmails: config.membership.staffEmails,
  });
  const orderFollowUps = createOrderFollowUps({ receipts: stores.receipts, notices, content: published, now, log });
  const refunds = createRefundService({
    refunds: refundStore,
    billing: card?.billing ?? null,
    memberships: stores.memberships,
    email: (refund, payment) => refundEmail({ notices, refunds: refundStore }, refund, payment),
    deliverSoon: (ids) => notices.deliverSoon(ids),
    joins: webinarJoins,
    orders: stores.orders,
    content: published,
    receipts: stores.receipts,
    siteName: config.site.name,
    now,
    log,
  });
  /** Pro-forma invoices issued with the payer's e-mail (a bank-transfer join or order, or staff). */
  const proFormaIssuer = createProFormaIssuer({ store: stores.proForma, notices, paymentInstructions: config.membership.offlinePaymentInstructions });
  const terms = async () => membershipTerms(await published.memberships(), await published.allGeneralPages());
  /** An offline member's renewal paid by card, from the webhook or their return from Checkout. */
  const completeRenewal = (session: CheckoutSession) =>
    completeRenewalCheckout(
      { applications: stores.applications, memberships: stores.memberships, changes: stores.membershipChanges, followUps: membershipFollowUps, graceDays, now, log },
      session,
    );
  const cpdStore = createCpdStore(db);
  const personalData = createPersonalDataStore(db, stores.audit);
  const ledgerStore = createLedgerStore(db);

  return {
    content,
    /** Always the published content: who may see an upload is decided by what is published. */
    publishedContent: published,
    auth,
    attemptLimits,
    registration: createRegistration({ auth, attemptLimits, verifiedContinueUrl: `${config.site.url}/user/account`, log }),
    membership: createMembershipService({
      applications: stores.applications,
      redemptions: stores.redemptions,
      proForma: proFormaIssuer,
      memberships: stores.memberships,
      members,
      changes: stores.membershipChanges,
      content: published,
      auth,
      attemptLimits,
      card,
      followUps: membershipFollowUps,
      completeRenewal,
      graceDays,
      now,
      log,
    }),
    /** Renewing a membership paid offline, and changing membership type (the membership year). */
    membershipYear: createMembershipChangeService({
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
    memberCard: (userId: string) =>
      memberCard(
        { memberships: stores.memberships, applications: stores.applications, cards: createMemberCardStore(db), members },
        userId,
      ),
    emailChange,
    /** A member's own details (/user/profile), kept with the join form's rules. */
    memberProfile: createMemberProfileService({
      applications: stores.applications,
      store: createMemberProfileStore(db, stores.audit),
      terms,
      joinPage: () => published.joinPage(),
      log,
    }),
    /** The user's CPD log (/user/cpd), webinar attendance that adds to it, and its certificates. */
    cpd: {
      log: createCpdLog({ store: cpdStore, targetHundredths: () => published.cpdTargetHundredths(), newId, now }),
      attendance: createAttendance({
        store: cpdStore,
        joins: webinarJoins,
        provider: async () => (await published.layout()).footer.contactFields.organizationName ?? config.site.name,
        newId,
        log,
      }),
      certificates: createCertificates({
        store: cpdStore,
        audit: stores.audit,
        batch: (statements) => db.batch(statements),
        holderName: (userId) => holderName({ memberships: stores.memberships, applications: stores.applications, cards: createMemberCardStore(db) }, userId),
        webinar: (slug) => published.webinar(slug),
        now,
        log,
      }),
    },
    /** The member directory (opt-in, per-field privacy, members only). */
    directory: createDirectoryService({
      store: createDirectoryStore(db),
      isMember: members.isMember,
      limiter: config.bindings.directoryLimiter,
      now,
      log,
    }),
    orders: createOrderService({ orders: stores.orders, redemptions: stores.redemptions, attemptLimits, proForma: proFormaIssuer, content: published, card, followUps: orderFollowUps, now, log }),
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
    /** Writing e-mails into the outbox (in a store's batch), delivering them, preferences. */
    email,
    staffApplications: createStaffApplications({
      applications: stores.applications,
      audit: stores.audit,
      receipts: stores.receipts,
      followUps: membershipFollowUps,
      card,
      newId,
      year: { changes: stores.membershipChanges, memberships: stores.memberships, graceDays, terms, followUps: membershipFollowUps },
    }),
    /** Staff bring existing members across from a CSV file (/staff/members/import). */
    memberImport: createMemberImport({
      store: createMemberImportStore(db),
      membershipTypes: async () => (await published.memberships()).map(({ slug, title }) => ({ slug, title })),
      outbox: email.outbox,
      audit: stores.audit,
      batch: (statements) => db.batch(statements),
      stripe: card ? { customer: (id) => card.billing.retrieveCustomer(id), subscription: (id) => card.billing.retrieveSubscription(id) } : null,
      waitUntil,
      log,
    }),
    /** The staff members register. */
    membersRegister: createMembersRegister({ store: createMembersRegisterStore(db), timeline: createMemberTimelineStore(db), audit: stores.audit, graceDays, now }),
    /** Who is staff, with which role (/staff/team; STAFF_EMAILS seeds the first administrators). */
    staffTeam: createStaffTeam({
      staff: staffStore,
      secondFactors: stores.secondFactors,
      sessions: stores.sessions,
      audit: stores.audit,
      seedEmails: config.membership.staffEmails,
      batch: (statements) => db.batch(statements),
      log,
    }),
    /** The staff's TOTP second factor, checked at the edge. */
    secondFactor: createSecondFactor({
      store: stores.secondFactors,
      sessions: stores.sessions,
      box: createSecretBox(config.staffSecondFactor.key),
      audit: stores.audit,
      issuer: config.site.name,
      nowSeconds: () => Math.floor(Date.now() / 1000),
      log,
    }),
    /** Refunds of payments (staff, Stripe's charge.refunded) and their credit notes. */
    refunds,
    /** A person's data: their export (theirs, or staff's for a data-subject request) and erasing their account. */
    privacy: {
      export: createDataExport({ store: personalData, audit: stores.audit, now }),
      erasure: createAccountErasure({ store: personalData, identity, billing: card?.billing ?? null, pseudonyms: createPseudonyms(authConfig.sessionSecret), log }),
    },
    /** The finance ledger, its CSV and the quarterly VAT summary (/staff/finance). */
    financeLedger: createFinanceLedger({ ledger: ledgerStore, audit: stores.audit }),
    /** Members and money by month (/staff/dashboard). */
    dashboard: createDashboard({ store: createDashboardStore(db), graceDays, now }),
    staffOrders: createStaffOrders({ orders: stores.orders, audit: stores.audit, receipts: stores.receipts, followUps: orderFollowUps, newId }),
    /** Stripe's webhook; null when card payments are not configured. */
    stripeWebhook: card
      ? (rawBody: string, signature: string | undefined) =>
          receiveStripeWebhook(
            {
              ...card,
              applications: stores.applications,
              followUps: membershipFollowUps,
              completeRenewal,
              fulfilOrder: async (session) => {
                const outcome = await fulfilOrder({ orders: stores.orders, followUps: orderFollowUps, now }, session);
                log.info("order.fulfilment", { sessionId: session.id, orderId: session.purpose?.kind === "order" ? session.purpose.orderId : null, outcome });
              },
              recordFee: (source, paymentIntentId) => recordPaymentFee({ billing: card.billing, ledger: ledgerStore, log }, source, paymentIntentId),
              recordInvoiceFee: (invoiceId) => recordInvoiceFee({ billing: card.billing, ledger: ledgerStore, log }, invoiceId),
              refunds: {
                recordChargeRefunds: (chargeId) => refunds.recordChargeRefunds(chargeId),
                recordDispute: (disputeId) => recordDispute({ refunds: refundStore, billing: card.billing, memberships: stores.memberships, notices, staff: staffStore, now, log }, disputeId),
              },
            },
            rawBody,
            signature,
          )
      : null,
    /** Invalidates cached content that reads the changed model (every operation when null). */
    purgeContent: (request: PurgeRequest) =>
      purgeContent(
        { store: stores.contentCache, contentVersion: stores.contentVersion, purgeLog: createPurgeLog(db), log, ttlSeconds: entryTtlSeconds(config.cache) },
        request,
      ),
  };
}
