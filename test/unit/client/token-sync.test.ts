/** Token sync with the age limit: POST fresh tokens, DELETE on sign-out. */
import { describe, expect, it } from "vitest";
import { shouldSyncToken, startTokenSync } from "../../../client/auth/token-sync";
import { TOKEN_SYNC_MAX_AGE_SECONDS } from "../../../src/shared/token-sync";

const NOW = 1_800_000_000;
const token = (iat: number, authTime = iat) =>
  `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ iat, auth_time: authTime })).replace(/=+$/, "")}.`;

function harness(options: { signedOutAt?: number | null; paused?: boolean } = {}) {
  let emit!: (user: { getIdToken(): Promise<string> } | null) => Promise<void>;
  const requests: { method: string; headers: Record<string, string> }[] = [];
  const sdkSignOuts: number[] = [];
  startTokenSync({
    source: { onIdTokenChanged: (cb) => (emit = cb as typeof emit), signOut: async () => void sdkSignOuts.push(1) },
    syncUrl: "/api/auth/token",
    csrfToken: async () => "csrf-1",
    signedOutAt: () => options.signedOutAt ?? null,
    paused: () => options.paused ?? false,
    now: () => NOW * 1000,
    fetch: async (_url, init) => {
      requests.push({ method: String(init?.method), headers: init?.headers as Record<string, string> });
      return new Response(null, { status: 204 });
    },
  });
  return { emit: (t: string | null) => emit(t === null ? null : { getIdToken: async () => t }), requests, sdkSignOuts };
}

describe("token sync", () => {
  it(`syncs tokens up to ${TOKEN_SYNC_MAX_AGE_SECONDS} s old and skips older ones`, () => {
    expect(shouldSyncToken(token(NOW - TOKEN_SYNC_MAX_AGE_SECONDS), NOW * 1000)).toBe(true);
    expect(shouldSyncToken(token(NOW - TOKEN_SYNC_MAX_AGE_SECONDS - 1), NOW * 1000)).toBe(false);
    expect(shouldSyncToken("garbage", NOW * 1000)).toBe(false);
  });

  it("POSTs a fresh token as a Bearer token with the CSRF header", async () => {
    const { emit, requests } = harness();
    await emit(token(NOW - 10));
    expect(requests).toEqual([{ method: "POST", headers: { Authorization: `Bearer ${token(NOW - 10)}`, "X-CSRF-Token": "csrf-1" } }]);
  });

  it("skips an old token", async () => {
    const { emit, requests } = harness();
    await emit(token(NOW - 3600));
    expect(requests).toEqual([]);
  });

  it("signs the SDK out instead of syncing a sign-in older than the site's last sign-out", async () => {
    const { emit, requests, sdkSignOuts } = harness({ signedOutAt: NOW - 60 });
    await emit(token(NOW - 10, NOW - 3600));
    expect(requests).toEqual([]);
    expect(sdkSignOuts).toEqual([1]);
  });

  it("syncs a sign-in made after the last sign-out", async () => {
    const { emit, requests } = harness({ signedOutAt: NOW - 60 });
    await emit(token(NOW - 10, NOW - 30));
    expect(requests.map((r) => r.method)).toEqual(["POST"]);
  });

  it("does not sync while a sign-in is in progress (the sign-in opens the session)", async () => {
    const { emit, requests } = harness({ paused: true });
    await emit(token(NOW - 10));
    expect(requests).toEqual([]);
  });

  it("DELETEs with no token when the user signs out, but not on the page's first report", async () => {
    const { emit, requests } = harness();
    await emit(null);
    expect(requests).toEqual([]);
    await emit(token(NOW));
    await emit(null);
    expect(requests.map((r) => r.method)).toEqual(["POST", "DELETE"]);
    expect(requests[1]!.headers).toEqual({ "X-CSRF-Token": "csrf-1" });
  });
});
