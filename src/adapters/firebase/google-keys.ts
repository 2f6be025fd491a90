/**
 * Google's public keys for Firebase ID tokens, fetched once and cached for the max-age Google
 * sends (per isolate). An unknown `kid` refetches at most once a minute, so key rotation is
 * picked up without letting forged `kid`s hammer Google.
 */
import { importJWK, type JWK } from "jose";

export const FIREBASE_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

/** Finds the verification key for a token's `kid`. */
export interface KeySource {
  key(kid: string): Promise<CryptoKey | null>;
}

const REFETCH_COOLDOWN_MS = 60_000;
const DEFAULT_MAX_AGE_MS = 3_600_000;

export function googleKeySource(options: { fetch?: typeof fetch; now?: () => number; url?: string } = {}): KeySource {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const url = options.url ?? FIREBASE_JWKS_URL;
  let keys = new Map<string, CryptoKey>();
  let expiresAt = 0;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    const response = await doFetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`Fetching Firebase signing keys failed with HTTP ${response.status}`);
    const body = (await response.json()) as { keys?: (JWK & { kid?: string })[] };
    const next = new Map<string, CryptoKey>();
    for (const jwk of body.keys ?? []) {
      if (!jwk.kid || jwk.kty !== "RSA") continue;
      next.set(jwk.kid, (await importJWK(jwk, "RS256")) as CryptoKey);
    }
    keys = next;
    fetchedAt = now();
    expiresAt = fetchedAt + maxAgeMs(response.headers.get("Cache-Control"));
  }

  function refresh(): Promise<void> {
    loading ??= load().finally(() => (loading = null));
    return loading;
  }

  return {
    async key(kid) {
      const stale = now() >= expiresAt;
      const unknownAndMayRefetch = !keys.has(kid) && now() - fetchedAt >= REFETCH_COOLDOWN_MS;
      if (stale || unknownAndMayRefetch) await refresh();
      return keys.get(kid) ?? null;
    },
  };
}

function maxAgeMs(cacheControl: string | null): number {
  const seconds = /max-age=(\d+)/.exec(cacheControl ?? "")?.[1];
  return seconds ? Number(seconds) * 1000 : DEFAULT_MAX_AGE_MS;
}
