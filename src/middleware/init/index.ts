/**
 * Builds the per-request services from the validated configuration and publishes them on the
 * context. Configuration is parsed once per isolate (src/env.ts).
 */
import type { MiddlewareHandler } from "hono";
import { createCmsClient } from "../../adapters/cms/client";
import { createMembershipStore, isActiveMember } from "../../adapters/d1/memberships";
import { createPurgeLog } from "../../adapters/d1/purge-log";
import { createSessionStore } from "../../adapters/d1/sessions";
import { createAccountLookup } from "../../adapters/firebase/account-lookup";
import { googleKeySource, type KeySource } from "../../adapters/firebase/google-keys";
import { createIdTokenVerifier } from "../../adapters/firebase/id-token-verifier";
import { createIdentityToolkit } from "../../adapters/firebase/identity-toolkit";
import { cachedServiceAccountTokenSource, type AccessTokenSource } from "../../adapters/firebase/service-account-token";
import { createKvCacheStore } from "../../adapters/kv/cache-store";
import { createContentVersionStore } from "../../adapters/kv/content-version";
import { getConfig, type AuthConfig } from "../../env";
import { log } from "../../log";
import { createAccountCheck } from "../../services/auth/account-check";
import { createAuthService } from "../../services/auth/auth-service";
import { claimMembership } from "../../services/membership/claim";
import { entryTtlSeconds } from "../../services/cache/read-through";
import { createContentService } from "../../services/content/content-service";
import { purgeContent } from "../../services/content/purge";
import type { HonoEnv } from "../../types";
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

/** Publishes the validated configuration (parsed once per isolate) for everything after it. */
export function config(): MiddlewareHandler<HonoEnv> {
  return async function config(c, next) {
    c.set("config", getConfig(c.env));
    await next();
  };
}

export function init(): MiddlewareHandler<HonoEnv> {
  return async function init(c, next) {
    const config = c.var.config;
    const store = createKvCacheStore(config.bindings.contentCache);
    const contentVersion = createContentVersionStore(config.bindings.contentCache);
    c.set(
      "content",
      createContentService({
        cms: createCmsClient(config.cms),
        cache: {
          store,
          policy: config.cache,
          now: Date.now,
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
          log,
        },
      }),
    );
    const { auth } = config;
    const memberships = createMembershipStore(config.bindings.db);
    const sessions = createSessionStore(config.bindings.db);
    const adminToken = adminAccessToken(auth);
    c.set(
      "auth",
      createAuthService({
        verifyIdToken: createIdTokenVerifier({
          projectId: auth.projectId,
          keys: (googleKeys ??= googleKeySource()),
          emulator: auth.emulatorHost !== null,
        }),
        identity: createIdentityToolkit({ baseUrl: auth.identityToolkitUrl, apiKey: auth.apiKey }),
        sessions,
        isMember: async (userId) => isActiveMember(await memberships.forUser(userId), new Date(), config.membership.graceDays),
        claimMembership: (claims) => claimMembership({ memberships, log }, claims),
        accountCheck: adminToken
          ? createAccountCheck({
              lookup: createAccountLookup({ baseUrl: auth.identityToolkitUrl, projectId: auth.projectId, accessToken: adminToken }),
              sessions,
              now: Date.now,
              log,
            })
          : null,
        secret: auth.sessionSecret,
        maxAgeSeconds: auth.sessionMaxAgeSeconds,
        now: Date.now,
        log,
      }),
    );
    c.set("email", emailServices(config, c.var.content));
    c.set("purgeContent", (request) =>
      purgeContent(
        { store, contentVersion, purgeLog: createPurgeLog(config.bindings.db), log, ttlSeconds: entryTtlSeconds(config.cache) },
        request,
      ),
    );
    await next();
  };
}
