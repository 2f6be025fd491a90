/**
 * Token sync: when a sync URL is configured, on each ID-token change POST it
 * as a Bearer token, or DELETE when there is none. Tokens issued more than
 * TOKEN_SYNC_MAX_AGE_SECONDS ago are skipped: the SDK refreshes hourly, so a fresh one follows.
 * The first report of "no user" on a page is not a change, so it is ignored. A user the SDK
 * remembers from before this browser last signed out on the site is signed out of the SDK, never
 * synced (signing out must stick), and no sync runs while a sign-in is in progress (the sign-in
 * itself opens the session).
 */
import { TOKEN_SYNC_MAX_AGE_SECONDS } from "../../src/shared/token-sync";

export interface TokenSource {
  onIdTokenChanged(cb: (user: { getIdToken(): Promise<string> } | null) => void): void;
  signOut(): Promise<void>;
}

function claim(idToken: string, name: "iat" | "auth_time"): number | null {
  try {
    const payload = JSON.parse(atob(idToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    return typeof payload[name] === "number" ? payload[name] : null;
  } catch {
    return null;
  }
}

export const issuedAtSeconds = (idToken: string): number | null => claim(idToken, "iat");

export function shouldSyncToken(idToken: string, nowMs: number): boolean {
  const iat = issuedAtSeconds(idToken);
  return iat !== null && nowMs / 1000 - iat <= TOKEN_SYNC_MAX_AGE_SECONDS;
}

/** Whether the token's sign-in happened before this browser last signed out on the site. */
export function signedInBeforeSignOut(idToken: string, signedOutAt: number | null): boolean {
  const authTime = claim(idToken, "auth_time");
  return signedOutAt !== null && (authTime === null || authTime <= signedOutAt);
}

export function startTokenSync(options: {
  source: TokenSource;
  syncUrl: string;
  csrfToken: () => Promise<string>;
  /** When this browser last signed out on the site (seconds), from the site's cookie. */
  signedOutAt: () => number | null;
  /** True while a sign-in is in progress on this page. */
  paused?: () => boolean;
  fetch?: typeof fetch;
  now?: () => number;
}): void {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  let first = true;
  options.source.onIdTokenChanged(async (user) => {
    const isFirst = first;
    first = false;
    if (!user) {
      if (isFirst) return;
      await doFetch(options.syncUrl, { method: "DELETE", credentials: "same-origin", headers: { "X-CSRF-Token": await options.csrfToken() } });
      return;
    }
    if (options.paused?.()) return;
    const idToken = await user.getIdToken();
    if (signedInBeforeSignOut(idToken, options.signedOutAt())) {
      await options.source.signOut();
      return;
    }
    if (!shouldSyncToken(idToken, now())) return;
    await doFetch(options.syncUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { Authorization: `Bearer ${idToken}`, "X-CSRF-Token": await options.csrfToken() },
    });
  });
}
