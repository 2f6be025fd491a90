/**
 * Google's Firebase signing keys: fetched once, cached for the max-age Google sends, an unknown
 * kid refetched at most once a minute. Google cannot be reached here, so fetch is injected.
 */
import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { FIREBASE_JWKS_URL, googleKeySource } from "../../src/adapters/firebase/google-keys";

async function jwks(...kids: string[]) {
  const keys = [];
  for (const kid of kids) {
    const { publicKey } = await generateKeyPair("RS256", { extractable: true });
    keys.push({ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" });
  }
  return { keys };
}

function source(responses: { body: unknown; maxAge?: number; status?: number }[]) {
  let clock = 1_000_000;
  const urls: string[] = [];
  const keys = googleKeySource({
    now: () => clock,
    fetch: async (input) => {
      urls.push(String(input));
      const next = responses[Math.min(urls.length - 1, responses.length - 1)]!;
      return Response.json(next.body, {
        status: next.status ?? 200,
        headers: next.maxAge === undefined ? {} : { "Cache-Control": `public, max-age=${next.maxAge}, must-revalidate` },
      });
    },
  });
  return { keys, urls, advance: (ms: number) => (clock += ms) };
}

describe("Google's signing keys", () => {
  it("fetches Google's JWKS once and serves every key from cache within its max-age", async () => {
    const { keys, urls, advance } = source([{ body: await jwks("a", "b"), maxAge: 3600 }]);
    expect(await keys.key("a")).toBeTruthy();
    expect(await keys.key("b")).toBeTruthy();
    advance(3_599_000);
    expect(await keys.key("a")).toBeTruthy();
    expect(urls).toEqual([FIREBASE_JWKS_URL]);
  });

  it("refetches when the max-age has passed (keys rotate)", async () => {
    const { keys, urls, advance } = source([
      { body: await jwks("a"), maxAge: 60 },
      { body: await jwks("c"), maxAge: 60 },
    ]);
    expect(await keys.key("a")).toBeTruthy();
    advance(61_000);
    expect(await keys.key("c")).toBeTruthy();
    expect(await keys.key("a")).toBeNull();
    expect(urls).toHaveLength(2);
  });

  it("an unknown kid refetches at most once a minute, so forged kids cannot hammer Google", async () => {
    const { keys, urls, advance } = source([{ body: await jwks("a"), maxAge: 3600 }]);
    await keys.key("a");
    for (let i = 0; i < 20; i++) expect(await keys.key(`forged-${i}`)).toBeNull();
    expect(urls).toHaveLength(1);
    advance(60_000);
    await keys.key("forged-late");
    expect(urls).toHaveLength(2);
  });

  it("concurrent lookups share one fetch", async () => {
    const { keys, urls } = source([{ body: await jwks("a"), maxAge: 3600 }]);
    await Promise.all(Array.from({ length: 10 }, () => keys.key("a")));
    expect(urls).toHaveLength(1);
  });

  it("a failed fetch is an error, not an accepted token", async () => {
    const { keys } = source([{ body: { error: "down" }, status: 503 }]);
    await expect(keys.key("a")).rejects.toThrow("HTTP 503");
  });
});
