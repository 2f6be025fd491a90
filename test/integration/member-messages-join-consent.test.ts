/**
 * The join form's marketing opt-ins are written in the application's own D1 batch: a member never
 * joins with the opt-in they ticked lost, and no opt-in is kept for an application that was not.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig, type Bindings } from "../../src/env";
import { publishedContent } from "../../src/wiring/content";
import { TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { warmMembershipContent } from "../support/worker/warm-content";

beforeAll(async () => {
  await warmMembershipContent();
  // The join page's content too, retried quietly: a busy machine's CMS may answer late the first time.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await publishedContent(getConfig(env as Bindings), () => undefined).joinPage();
        break;
      } catch (error) {
        if (attempt >= 12) throw error;
      }
    }
  } finally {
    quiet.mockRestore();
  }
}, 120_000);

describe("the join form's opt-ins", () => {
  afterEach(async () => {
    await env.DB.exec("DROP TRIGGER IF EXISTS consents_refused");
  });

  it("go with the application: when the opt-in cannot be written, the application is not stored either", async () => {
    // The consent write fails (a fault injected with a trigger); the whole join must fail with it.
    await env.DB.exec("CREATE TRIGGER consents_refused BEFORE INSERT ON member_consents BEGIN SELECT RAISE(ABORT, 'consent write lost'); END");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const form = validForm({ "topic-newsletter": "on" });
    const joined = await new TestBrowser().post("/join", form);
    expect(joined.status).toBe(500);
    errors.mockRestore();
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE email = ?1").bind(form.email).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
