/**
 * Token sync (spec §7 call 4): when a sync URL is configured, on each ID-token change POST it
 * as a Bearer token, or DELETE when there is none. Tokens issued more than
 * TOKEN_SYNC_MAX_AGE_SECONDS ago are skipped: the SDK refreshes hourly, so a fresh one follows.
 * The first report of "no user" on a page is not a change, so it is ignored.
 */
import { TOKEN_SYNC_MAX_AGE_SECONDS } from "../../src/shared/token-sync";

export interface TokenSource {
  onIdTokenChanged(cb: (user: { getIdToken(): Promise<string> } | null) => void): void;
}

export function issuedAtSeconds(idToken: string): number | null {
  try {
    const payload = JSON.parse(atob(idToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { iat?: unknown };
    return typeof payload.iat === "number" ? payload.iat : null;
  } catch {
    return null;
  }
}

export function shouldSyncToken(idToken: string, nowMs: number): boolean {
  const iat = issuedAtSeconds(idToken);
  return iat !== null && nowMs / 1000 - iat <= TOKEN_SYNC_MAX_AGE_SECONDS;
}

export function startTokenSync(options: {
  source: TokenSource;
  syncUrl: string;
  csrfToken: () => Promise<string>;
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
    const idToken = await user.getIdToken();
    if (!shouldSyncToken(idToken, now())) return;
    await doFetch(options.syncUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { Authorization: `Bearer ${idToken}`, "X-CSRF-Token": await options.csrfToken() },
    });
  });
}
