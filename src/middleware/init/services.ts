/**
 * The composition root: every store (D1, KV, Stripe, Firebase) and every service a request
 * uses, built once per request from the validated configuration. Routes get services only.
 */
import { createCmsClient } from "../../adapters/cms/client";
import { createApplicationStore } from "../../adapters/d1/applications";
import { createAuditLog } from "../../adapters/d1/audit-log";
import { createCardBillingStore } from "../../adapters/d1/card-billing";
import { createDirectoryStore } from "../../adapters/d1/directory";
import { createMembershipStore } from "../../adapters/d1/memberships";
import { createOrderStore } from "../../adapters/d1/orders";
import { createPurgeLog } from "../../adapters/d1/purge-log";
import { createSessionStore } from "../../adapters/d1/sessions";
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
import { createAttemptLimits } from "../../services/auth/attempt-limits";
import { createAuthService } from "../../services/auth/auth-service";
import { entryTtlSeconds } from "../../services/cache/read-through";
import { createContentService } from "../../services/content/content-service";
import { purgeContent, type PurgeRequest } from "../../services/content/purge";
import { createDirectoryService } from "../../services/directory/directory-service";
import { isActiveMember } from "../../services/membership/active-member";
import { claimMembership } from "../../services/membership/claim";
import { createMembershipService } from "../../services/membership/membership-service";
import { createStaffApplications } from "../../services/membership/staff-applications";
import { createOrderService } from "../../services/orders/order-service";
import { createStaffOrders } from "../../services/orders/staff-orders";
import type { CardPayments } from "../../services/payments/card-payments";
import { fulfilOrder } from "../../services/payments/order-fulfilment";
import { receiveStripeWebhook } from "../../services/payments/stripe-webhook";
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
}

export function buildServices(config: Config, { waitUntil, clientAddress }: RequestContext) {
  const now = () => new Date();
  const newId = () => crypto.randomUUID();
  const { db, contentCache } = config.bindings;
  const stores = {
    applications: createApplicationStore(db),
    audit: createAuditLog(db),
    cardBilling: createCardBillingStore(db),
    memberships: createMembershipStore(db),
    orders: createOrderStore(db),
    sessions: createSessionStore(db),
    contentCache: createKvCacheStore(contentCache),
    contentVersion: createContentVersionStore(contentCache),
  };

  const content = createContentService({
    cms: createCmsClient(config.cms),
    cache: { store: stores.contentCache, policy: config.cache, now: Date.now, waitUntil, log },
  });

  const { auth: authConfig } = config;
  const adminToken = adminAccessToken(authConfig);
  const auth = createAuthService({
    verifyIdToken: createIdTokenVerifier({ projectId: authConfig.projectId, keys: (googleKeys ??= googleKeySource()), emulator: authConfig.emulatorHost !== null }),
    identity: createIdentityToolkit({ baseUrl: authConfig.identityToolkitUrl, apiKey: authConfig.apiKey }),
    sessions: stores.sessions,
    isMember: async (userId) => isActiveMember(await stores.memberships.forUser(userId), now(), config.membership.graceDays),
    claimMembership: (claims) => claimMembership({ memberships: stores.memberships, log }, claims),
    accountCheck: adminToken
      ? createAccountCheck({
          lookup: createAccountLookup({ baseUrl: authConfig.identityToolkitUrl, projectId: authConfig.projectId, accessToken: adminToken }),
          sessions: stores.sessions,
          now: Date.now,
          log,
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

  return {
    content,
    auth,
    attemptLimits,
    membership: createMembershipService({
      applications: stores.applications,
      memberships: stores.memberships,
      content,
      auth,
      attemptLimits,
      card,
      graceDays: config.membership.graceDays,
      now,
      log,
    }),
    /** The member directory (opt-in, per-field privacy, members only). */
    directory: createDirectoryService({
      store: createDirectoryStore(db),
      isMember: async (userId) => isActiveMember(await stores.memberships.forUser(userId), now(), config.membership.graceDays),
      limiter: config.bindings.directoryLimiter,
      graceDays: config.membership.graceDays,
      now,
      log,
    }),
    orders: createOrderService({ orders: stores.orders, content, card, now, log }),
    /** Writing e-mails into the outbox (in a store's batch), delivering them, preferences. */
    email: emailServices(config, content),
    staffApplications: createStaffApplications({ applications: stores.applications, audit: stores.audit, card, newId }),
    staffOrders: createStaffOrders({ orders: stores.orders, audit: stores.audit, newId }),
    /** Stripe's webhook; null when card payments are not configured. */
    stripeWebhook: card
      ? (rawBody: string, signature: string | undefined) =>
          receiveStripeWebhook(
            {
              ...card,
              fulfilOrder: async (session) => {
                const outcome = await fulfilOrder({ orders: stores.orders, now }, session);
                log.info("order.fulfilment", { sessionId: session.id, orderId: session.purpose?.kind === "order" ? session.purpose.orderId : null, outcome });
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
