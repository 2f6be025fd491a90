/**
 * What visitors get when the CMS fails: a friendly page with the right status and no stack
 * trace, the failure logged with what an operator needs, and the last good copy when there is one.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearContentCache, fetchWith, purgeHeaders, resetFakeCms } from "../support/worker/helpers";

beforeEach(async () => {
  await clearContentCache();
  await resetFakeCms();
});

function captureErrors() {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => spy.mock.calls.map((args) => String(args[0]));
}

function expectFriendly503(html: string) {
  expect(html).toContain("We&#x27;ll be back shortly");
  expect(html).not.toMatch(/at .*\(.*:\d+:\d+\)|CmsError|AppError|stack/i);
}

describe("CMS failures with nothing cached", () => {
  it("CMS down: 503 page, network error logged", async () => {
    const logged = captureErrors();
    const response = await fetchWith({ CMS_URL: "http://127.0.0.1:9" }, "/");
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expectFriendly503(await response.text());
    expect(logged().some((line) => line.includes('"event":"cms.request_failed"') && line.includes('"kind":"network"'))).toBe(true);
  });

  it("CMS slow: gives up after CMS_TIMEOUT_MS with a 503", async () => {
    // The fake answers /slow only after the test's own time limit: an answer at all means the
    // Worker gave up on its own, and the log says it was the timeout.
    const logged = captureErrors();
    const response = await fetchWith({ CMS_URL: `${env.FAKE_CMS_URL}/slow`, CMS_TIMEOUT_MS: "300" }, "/");
    expect(response.status).toBe(503);
    expect(logged().some((line) => line.includes('"kind":"timeout"'))).toBe(true);
  });

  it("GraphQL errors: 503, the messages and extensions logged", async () => {
    const logged = captureErrors();
    const response = await fetchWith({ CMS_URL: `${env.FAKE_CMS_URL}/graphql-errors` }, "/");
    expect(response.status).toBe(503);
    const line = logged().find((l) => l.includes('"kind":"graphql"'));
    expect(line).toContain("Forbidden access");
    expect(line).toContain('"code":"FORBIDDEN"');
  });

  it("malformed JSON: 503, logged as malformed", async () => {
    const logged = captureErrors();
    const response = await fetchWith({ CMS_URL: `${env.FAKE_CMS_URL}/malformed` }, "/");
    expect(response.status).toBe(503);
    expect(logged().some((line) => line.includes('"kind":"malformed"'))).toBe(true);
  });

  it("an HTTP error from the CMS: 503", async () => {
    captureErrors();
    expect((await fetchWith({ CMS_URL: `${env.FAKE_CMS_URL}/http-500` }, "/")).status).toBe(503);
  });

  it("JSON clients get a JSON error body", async () => {
    captureErrors();
    const response = await fetchWith({ CMS_URL: "http://127.0.0.1:9" }, "/", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: "CMS_UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again shortly.",
        requestId: response.headers.get("X-Request-Id"),
      },
    });
  });
});

describe("stale-if-error", () => {
  it("serves the last good copy when the CMS goes down after a purge", async () => {
    const toggle = { CMS_URL: `${env.FAKE_CMS_URL}/toggle` };
    const good = await fetchWith(toggle, "/");
    expect(good.status).toBe(200);
    const goodHtml = await good.text();

    // Every failure below is expected and must be logged: the spy holds them.
    const logged = captureErrors();
    await fetch(`${env.FAKE_CMS_URL}/__toggle?up=0`, { method: "POST" });
    const purge = await fetchWith(toggle, "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body: "" });
    expect(purge.status).toBe(200);
    const events = () => logged().map((line) => (JSON.parse(line) as { event: string }).event);
    // The webhook's own read of what most pages show failed, and fell back on the kept copies (decision 0081).
    expect(events()).toContain("cms.request_failed");
    expect(events()).toContain("cache.stale_if_error");

    // The same page, byte for byte, but for the per-response CSP nonce: the edge's retired copy.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    for (const attempt of [1, 2]) {
      const stale = await fetchWith(toggle, "/");
      expect(stale.status, `attempt ${attempt}`).toBe(200);
      expect(stale.headers.get("X-Edge-Cache"), `attempt ${attempt}`).toBe("stale");
      expect(withoutNonce(await stale.text()), `attempt ${attempt}`).toBe(withoutNonce(goodHtml));
    }
    // Its rendering again in the background failed too, was logged, and kept nothing in its place.
    expect(new Set(logged().map((line) => (JSON.parse(line) as { requestId: string }).requestId)).size).toBeGreaterThanOrEqual(2);
  });
});
