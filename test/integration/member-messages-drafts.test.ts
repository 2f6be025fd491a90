/**
 * Staff's message drafts saving themselves (client/islands/message-autosave.ts) through the real
 * runtime: the island posts the compose form as "Save draft" does, asking for JSON, with the
 * draft's version; a save from a page that another save has overtaken is refused with a clear
 * message and the newer words kept, whether it came from the island or from the button.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInStaff } from "../support/worker/staff";
import type { TestBrowser } from "../support/worker/browser";

// One staff sign-in for the whole file: the sign-in limiter refuses a sixth within a minute.
let staffBrowser: Promise<TestBrowser> | undefined;
const staffSession = () => (staffBrowser ??= signedInStaff());

const JSON_ACCEPT = { headers: { Accept: "application/json" } };
const FIELDS = { subject: "Study day", preheader: "In March", body: "Hello all", topic: "newsletter", action: "save" };

interface Saved {
  id: string;
  version: number;
  savedAt: string;
  problems: number;
}

const stored = (id: string) =>
  env.DB.prepare("SELECT subject, body, version FROM member_messages WHERE id = ?1").bind(id).first<{ subject: string; body: string; version: number }>();

describe("autosaving a message draft", () => {
  it("the compose page carries the island, the draft's version and a polite status line", async () => {
    const staff = await staffSession();
    const page = await (await staff.fetch("/staff/messages/new")).text();
    expect(page).toMatch(/<script[^>]+src="\/assets\/islands\/message-autosave-[^"]+\.js"/);
    expect(page).toContain('name="version" value=""');
    expect(page).toMatch(/role="status" aria-live="polite" data-autosave-status/);
  });

  it("asked for JSON, a save creates the draft, then saves it again with its version, and says when", async () => {
    const staff = await staffSession();
    const created = await staff.post("/staff/messages", { ...FIELDS, version: "" }, JSON_ACCEPT);
    expect(created.status).toBe(200);
    expect(created.headers.get("Content-Type")).toMatch(/^application\/json/);
    const first = (await created.json()) as Saved;
    expect(first).toMatchObject({ version: 1, problems: 0 });
    expect(new Date(first.savedAt).getTime()).not.toBeNaN();

    const again = await staff.post(`/staff/messages/${first.id}`, { ...FIELDS, body: "Hello all, again", version: "1" }, JSON_ACCEPT);
    expect(again.status).toBe(200);
    expect((await again.json()) as Saved).toMatchObject({ id: first.id, version: 2 });
    expect(await stored(first.id)).toEqual({ subject: "Study day", body: "Hello all, again", version: 2 });
    // The page shows the version the next save must name.
    expect(await (await staff.fetch(`/staff/messages/${first.id}`)).text()).toContain('name="version" value="2"');
  });

  it("keeps a draft with problems, counting them, so nothing typed is lost while writing", async () => {
    const staff = await staffSession();
    const saved = await staff.post("/staff/messages", { ...FIELDS, subject: "", body: "Half a [link](javascript:alert(1))" }, JSON_ACCEPT);
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as Saved;
    expect(answer.problems).toBe(2);
    expect((await stored(answer.id))?.body).toBe("Half a [link](javascript:alert(1))");
  });

  it("refuses a save from an overtaken version with a clear message, and keeps the newer words", async () => {
    const staff = await staffSession();
    const { id } = (await (await staff.post("/staff/messages", FIELDS, JSON_ACCEPT)).json()) as Saved;
    // Another tab saves first.
    expect((await staff.post(`/staff/messages/${id}`, { ...FIELDS, body: "Newer words", version: "1" }, JSON_ACCEPT)).status).toBe(200);

    const stale = await staff.post(`/staff/messages/${id}`, { ...FIELDS, body: "Older words", version: "1" }, JSON_ACCEPT);
    expect(stale.status).toBe(409);
    const { error } = (await stale.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain("This draft was saved again at");
    expect(error.message).toContain("these changes were not saved and the newer draft is kept");
    expect(await stored(id)).toMatchObject({ body: "Newer words", version: 2 });

    // The button without JavaScript: the page again with what was typed, the reason, and the current version to save over it deliberately.
    const button = await staff.post(`/staff/messages/${id}`, { ...FIELDS, body: "Older words", version: "1" });
    expect(button.status).toBe(409);
    const html = await button.text();
    expect(html).toContain("This draft was saved again at");
    expect(html).toContain("Save again to replace it with what is below");
    expect(html).toContain("Older words");
    expect(html).toContain('name="version" value="2"');
    expect((await stored(id))?.body).toBe("Newer words");
    expect((await staff.post(`/staff/messages/${id}`, { ...FIELDS, body: "Older words", version: "2" })).status).toBe(303);
    expect(await stored(id)).toMatchObject({ body: "Older words", version: 3 });
  });

  it("needs the CSRF token, and answers a refusal in JSON", async () => {
    const staff = await staffSession();
    const { id } = (await (await staff.post("/staff/messages", FIELDS, JSON_ACCEPT)).json()) as Saved;
    const forged = await staff.fetch(`/staff/messages/${id}`, { method: "POST", body: new URLSearchParams({ ...FIELDS, body: "Forged", version: "1" }), headers: { Accept: "application/json" } });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toContain("Your form expired");
    expect((await stored(id))?.body).toBe("Hello all");
  });

  it("refuses to change a message once it is being sent, in words", async () => {
    const staff = await staffSession();
    const { id } = (await (await staff.post("/staff/messages", FIELDS, JSON_ACCEPT)).json()) as Saved;
    await env.DB.prepare("UPDATE member_messages SET status = 'sending' WHERE id = ?1").bind(id).run();
    const late = await staff.post(`/staff/messages/${id}`, { ...FIELDS, body: "Too late", version: "1" }, JSON_ACCEPT);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toContain("being sent, so it can no longer be changed");
  });
});
