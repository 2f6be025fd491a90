/** Signing in: Firebase ID tokens, sessions, rate limits, registration and changing the sign-in address. */
import { createAccountEmailStore } from "../adapters/d1/account-emails";
import { createMergedAwayCheck } from "../adapters/d1/merged-away";
import { createAccountAdmin, type AccountAdmin } from "../adapters/firebase/account-admin";
import { createAccountLookup } from "../adapters/firebase/account-lookup";
import { googleKeySource, type KeySource } from "../adapters/firebase/google-keys";
import { createIdTokenVerifier } from "../adapters/firebase/id-token-verifier";
import { createIdentityToolkit } from "../adapters/firebase/identity-toolkit";
import { cachedServiceAccountTokenSource, type AccessTokenSource } from "../adapters/firebase/service-account-token";
import type { AuthConfig } from "../env";
import { log } from "../log";
import { createAccountCheck } from "../services/auth/account-check";
import { createAttemptLimits } from "../services/auth/attempt-limits";
import { createAuthService } from "../services/auth/auth-service";
import { createEmailChangeService } from "../services/auth/email-change";
import { createRegistration } from "../services/auth/registration";
import { createSignInClaim } from "../services/membership/claim";
import type { Core } from "./core";

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

/** Firebase's admin account updates (staff disabling an account), or null without a server credential. */
export function accountAdmin(auth: AuthConfig): AccountAdmin | null {
  const token = adminAccessToken(auth);
  return token ? createAccountAdmin({ baseUrl: auth.identityToolkitUrl, projectId: auth.projectId, accessToken: token, now: Date.now }) : null;
}

export function authServices({ config, db, stores, notices, members, request, now }: Core) {
  const { auth: authConfig } = config;
  const adminToken = adminAccessToken(authConfig);
  const identity = createIdentityToolkit({ baseUrl: authConfig.identityToolkitUrl, apiKey: authConfig.apiKey });
  const lookup = adminToken ? createAccountLookup({ baseUrl: authConfig.identityToolkitUrl, projectId: authConfig.projectId, accessToken: adminToken }) : null;
  /** Changing the sign-in address (verify-before-update), and our records following it. */
  const emailChange = createEmailChangeService({
    identity,
    lookup,
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
    membership: members.membership,
    mergedAway: createMergedAwayCheck(db),
    claimMembership: createSignInClaim({ memberships: stores.memberships, followAddress: (userId, email) => emailChange.follow(userId, email), log }),
    accountCheck: lookup
      ? createAccountCheck({ lookup, sessions: stores.sessions, now: Date.now, log, addressChanged: (userId, newEmail) => emailChange.follow(userId, newEmail) })
      : null,
    secret: authConfig.sessionSecret,
    maxAgeSeconds: authConfig.sessionMaxAgeSeconds,
    now: Date.now,
    log,
  });
  const attemptLimits = createAttemptLimits({ byClient: config.bindings.authIpLimiter, byEmail: config.bindings.authEmailLimiter, client: request.clientAddress, log });
  return {
    auth,
    attemptLimits,
    registration: createRegistration({ auth, attemptLimits, verifiedContinueUrl: `${config.site.url}/user/account`, log }),
    emailChange,
  };
}
