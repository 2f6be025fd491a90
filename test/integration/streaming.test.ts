/**
 * Streaming: the document head, header, navigation and the page's own content reach the browser
 * before slower content (here the webinars a home-page block lists) has loaded. Deterministic:
 * the fake CMS holds the `webinars` operation until the test releases it.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { clearContentCache, resetFakeCms } from "../support/worker/helpers";

beforeEach(async () => {
  await clearContentCache();
  await resetFakeCms();
});

describe("streaming server rendering", () => {
  it("flushes the shell and layout before slow content, then completes the page", async () => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://localhost/"),
      { ...env, CMS_URL: `${env.FAKE_CMS_URL}/gated-webinars` },
      ctx,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();

    let early = "";
    // Everything outside the Suspense boundary (the shell) arrives while the CMS still holds
    // the webinars: the head, the header and navigation, the page's blocks, and the fallback.
    while (!early.includes("Loading webinars")) {
      const { value, done } = await reader.read();
      expect(done, "the stream ended before the shell was sent").toBe(false);
      early += value;
    }
    expect(early).toContain("</header>");
    expect(early).toContain("<title>");
    expect(early).toContain('data-block="hero-banner"');
    expect(early).not.toContain('class="card webinar-card"');

    await fetch(`${env.FAKE_CMS_URL}/__release`, { method: "POST" });
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value;
    }
    await waitOnExecutionContext(ctx);
    expect(rest).toContain("</html>");
    expect(rest).toContain('class="card webinar-card"');
  });
});
