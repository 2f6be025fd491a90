/**
 * OAuth2 access tokens for the Worker's own Google service account (the server credential that
 * Identity Toolkit's admin calls need), by the JWT-bearer grant: a JWT signed with the account's
 * private key (RS256, jose) is exchanged at Google's token endpoint for an access token. Tokens
 * are kept per isolate until shortly before they expire, and concurrent requests share one
 * exchange.
 */
import { importPKCS8, SignJWT } from "jose";
import * as z from "zod";

export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** The scope Google documents for Identity Toolkit's admin methods. */
export const IDENTITY_TOOLKIT_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
/** How long the signed assertion is valid (Google's maximum). */
const ASSERTION_LIFETIME_SECONDS = 60 * 60;
/** A token is renewed this long before it expires, so no request carries one that just expired. */
const RENEW_BEFORE_SECONDS = 5 * 60;

export interface ServiceAccount {
  clientEmail: string;
  /** PKCS#8 PEM, as in the JSON key Google issues. */
  privateKey: string;
  privateKeyId: string | null;
}

/** An access token for an admin call (a service account's, or the emulator's `owner`). */
export type AccessTokenSource = () => Promise<string>;

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });

export function serviceAccountTokenSource(options: {
  account: ServiceAccount;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}): AccessTokenSource {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const { account } = options;
    const issuedAt = nowSeconds();
    const assertion = await new SignJWT({ scope: IDENTITY_TOOLKIT_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) })
      .setIssuer(account.clientEmail)
      .setAudience(GOOGLE_TOKEN_URL)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
      .sign(await importPKCS8(account.privateKey, "RS256"));
    const response = await doFetch(GOOGLE_TOKEN_URL, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
    });
    const json = (await response.json().catch(() => null)) as { error?: unknown; error_description?: unknown } | null;
    const parsed = TokenResponse.safeParse(json);
    if (!response.ok || !parsed.success) {
      // Google's own words (invalid_grant, ...), never the assertion.
      throw new Error(`Google's token endpoint answered ${response.status}: ${String(json?.error ?? "no access token")} ${String(json?.error_description ?? "")}`.trim());
    }
    cached = { token: parsed.data.access_token, expiresAt: issuedAt + parsed.data.expires_in };
    return cached.token;
  }

  return async function accessToken() {
    if (cached && cached.expiresAt - RENEW_BEFORE_SECONDS > nowSeconds()) return cached.token;
    pending ??= exchange().finally(() => {
      pending = null;
    });
    return pending;
  };
}

const perIsolate = new Map<string, AccessTokenSource>();

/** The token source for this service account, shared by every request the isolate serves. */
export function cachedServiceAccountTokenSource(account: ServiceAccount): AccessTokenSource {
  const key = `${account.clientEmail}:${account.privateKeyId ?? ""}`;
  let source = perIsolate.get(key);
  if (!source) {
    source = serviceAccountTokenSource({ account });
    perIsolate.set(key, source);
  }
  return source;
}
