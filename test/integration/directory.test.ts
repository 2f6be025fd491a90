/**
 * The member directory through the Worker with D1: who may see it, opting in and out, per-field
 * privacy (a hidden value is nowhere in the response), lapsed members, search and paging, and
 * the per-member browsing limit. Other members are D1 rows made directly; the member under test
 * signs in and uses the forms as a browser would.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";

let tags = 0;
/** A word no other test's members share, so searches by it see only this test's members. */
const uniqueTag = () => `Tag${Date.now().toString(36)}x${(tags++).toString(36)}`;

async function signedIn(member: boolean) {
  const user = await createUser();
  if (member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const PRIVATE = "private, no-store";

/** Another member, listed directly in D1 (membership `status` and `periodEnd` as given). */
async function listedMember(
  name: string,
  options: { town?: string; specialisation?: string; show?: Partial<Record<"town" | "workplace" | "specialisation" | "email" | "phone", boolean>>; status?: string; periodEnd?: string | null } = {},
) {
  const userId = `directory-${crypto.randomUUID()}`;
  const phone = `01632 ${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
  const workplace = `Workplace ${userId}`;
  const show = { town: true, workplace: false, specialisation: true, email: false, phone: false, ...options.show };
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?2, 'full-member', 'Full member', ?3, 'offline', ?4)",
    ).bind(userId, `${userId}@guild.example`, options.status ?? "active", options.periodEnd ?? null),
    env.DB.prepare(
      `INSERT INTO directory_entries (user_id, display_name, town, workplace, specialisation, email, phone, show_town, show_workplace, show_specialisation, show_email, show_phone)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
    ).bind(
      userId,
      name,
      options.town ?? "Exeter",
      workplace,
      options.specialisation ?? "Oncology",
      `${userId}@guild.example`,
      phone,
      +show.town,
      +show.workplace,
      +show.specialisation,
      +show.email,
      +show.phone,
    ),
  ]);
  return { userId, phone, workplace, email: `${userId}@guild.example` };
}

/** How many members the page lists. */
const count = (html: string) => html.split('class="directory__entry"').length - 1;

describe("who may see the directory", () => {
  it("sends a visitor to sign in and back, and never caches the redirect", async () => {
    const response = await new TestBrowser().fetch("/members/directory?name=ada");
    expect(response.status).toBe(303);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(response.headers.get("Location")).toBe(`/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent("/members/directory?name=ada")}`);
    expect((await new TestBrowser().fetch("/user/directory")).status).toBe(303);
  });

  it("gives a signed-in non-member a 403 that invites them to join, with no listing", async () => {
    const tag = uniqueTag();
    await listedMember(`Listed ${tag}`);
    const { browser } = await signedIn(false);
    for (const path of [`/members/directory?q=${tag}`, "/user/directory"]) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(403);
      expect(response.headers.get("Cache-Control")).toBe(PRIVATE);
      const html = await response.text();
      expect(html).toContain("This page is for members of the Guild.");
      expect(html).toContain('href="/join"');
      expect(html).not.toContain(tag);
    }
    const post = await browser.post("/user/directory", { displayName: "Not A Member" });
    expect(post.status).toBe(403);
  });
});

describe("opting in and out", () => {
  it("lists a member only after they opt in, prefilled from their application, and removes them at once when they leave", async () => {
    const tag = uniqueTag();
    const { browser, user } = await signedIn(true);
    await env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
       VALUES (?1, ?1, ?1, ?2, ?3, 'Grace', ?4, 'full-member', 'Full member', 'offline', 0, 'paid', ?5)`,
    )
      .bind(crypto.randomUUID(), user.uid, user.email, tag, JSON.stringify({ phone: "01632 960 777", address: { town: "Truro" }, professional: { specialisation: "Cardiology", workplace: "Treliske" } }))
      .run();

    const account = await (await browser.fetch("/user/account")).text();
    expect(account).toContain('href="/user/directory"');
    expect(account).toContain('href="/members/directory"');

    const before = await (await browser.fetch(`/members/directory?q=${tag}`)).text();
    expect(count(before)).toBe(0);

    const settings = await browser.fetch("/user/directory");
    expect(settings.status).toBe(200);
    expect(settings.headers.get("Cache-Control")).toBe(PRIVATE);
    const form = await settings.text();
    expect(form).toContain(`value="Grace ${tag}"`);
    expect(form).toContain('value="Truro"');
    expect(form).toContain('value="Treliske"');
    expect(form).toContain('value="Cardiology"');
    expect(form).toContain('value="01632 960 777"');
    // Only the specialisation is ticked to show by default.
    expect(form).toMatch(/id="showSpecialisation"[^>]*checked/);
    expect(form).not.toMatch(/id="showTown"[^>]*checked/);

    const saved = await browser.post("/user/directory", { displayName: `Grace ${tag}`, town: "Truro", specialisation: "Cardiology", showSpecialisation: "on" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/user/directory?saved=1");

    const listed = await browser.fetch(`/members/directory?q=${tag}`);
    expect(listed.headers.get("Cache-Control")).toBe(PRIVATE);
    const html = await listed.text();
    expect(count(html)).toBe(1);
    expect(html).toContain(`Grace ${tag}`);
    expect(html).toContain("Cardiology");
    expect(html).not.toContain("Truro");

    const left = await browser.post("/user/directory/leave", {});
    expect(left.status).toBe(303);
    const after = await (await browser.fetch(`/members/directory?q=${tag}`)).text();
    expect(count(after)).toBe(0);
    expect(after).not.toContain(`Grace ${tag}`);
  });

  it("refuses a form without its CSRF token and a bad form with a specific message", async () => {
    const { browser } = await signedIn(true);
    const noToken = await browser.fetch("/user/directory", { method: "POST", body: new URLSearchParams({ displayName: "X" }) });
    expect(noToken.status).toBe(403);
    const bad = await browser.post("/user/directory", { displayName: "Someone", email: "nope", showEmail: "on" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter an e-mail address, like name@example.com");
    expect(html).toContain('value="nope"');
  });
});

describe("privacy", () => {
  it("leaves every hidden field out of the whole response, and filters match shown values only", async () => {
    const tag = uniqueTag();
    const hidden = await listedMember(`Private ${tag}`, {
      town: `Hiddentown${tag}`,
      specialisation: `Hiddenspec${tag}`,
      show: { town: false, workplace: false, specialisation: false, email: false, phone: false },
    });
    const open = await listedMember(`Open ${tag}`, { town: `Showntown${tag}`, show: { town: true, workplace: true, email: true, phone: true } });
    const { browser } = await signedIn(true);

    const html = await (await browser.fetch(`/members/directory?q=${tag}`)).text();
    expect(count(html)).toBe(2);
    expect(html).toContain(`Private ${tag}`);
    for (const value of [`Hiddentown${tag}`, `Hiddenspec${tag}`, hidden.workplace, hidden.phone, hidden.email, hidden.userId]) expect(html).not.toContain(value);
    // The other member's chosen fields are there.
    for (const value of [`Showntown${tag}`, open.workplace, open.phone, open.email]) expect(html).toContain(value);

    // A search by a hidden value finds no one (it would tell the value).
    expect(count(await (await browser.fetch(`/members/directory?q=Hiddentown${tag}`)).text())).toBe(0);
    expect(count(await (await browser.fetch(`/members/directory?q=Hiddenspec${tag}`)).text())).toBe(0);
  });
});

describe("lapsed members", () => {
  // The grace period is MEMBERSHIP_GRACE_DAYS (30 in wrangler.toml).
  it("drop out once their period and the grace period are over, and stay while within them", async () => {
    const tag = uniqueTag();
    const day = 86_400_000;
    await listedMember(`Lapsed ${tag}`, { status: "lapsed" });
    await listedMember(`Cancelled ${tag}`, { status: "cancelled" });
    await listedMember(`Expired ${tag}`, { periodEnd: new Date(Date.now() - 31 * day).toISOString() });
    await listedMember(`Grace ${tag}`, { periodEnd: new Date(Date.now() - 29 * day).toISOString() });
    await listedMember(`Current ${tag}`, { periodEnd: new Date(Date.now() + 30 * day).toISOString().slice(0, 10) });
    const { browser } = await signedIn(true);
    const html = await (await browser.fetch(`/members/directory?q=${tag}`)).text();
    expect(count(html)).toBe(2);
    expect(html).toContain(`Grace ${tag}`);
    expect(html).toContain(`Current ${tag}`);
    for (const gone of ["Lapsed", "Cancelled", "Expired"]) expect(html).not.toContain(`${gone} ${tag}`);
  });
});

describe("who is listed follows the membership", () => {
  const DAY = 86_400_000;
  const listedNow = async (browser: TestBrowser, tag: string) => count(await (await browser.fetch(`/members/directory?q=${tag}`)).text());

  it("keeps listed-until with every membership write: a lapse takes the member out, a renewal brings them back", async () => {
    const tag = uniqueTag();
    const member = await listedMember(`Renewing ${tag}`, { periodEnd: new Date(Date.now() + 10 * DAY).toISOString() });
    const { browser } = await signedIn(true);
    expect(await listedNow(browser, tag)).toBe(1);
    await env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = ?1").bind(member.userId).run();
    expect(await listedNow(browser, tag)).toBe(0);
    await env.DB.prepare("UPDATE memberships SET status = 'active', period_end = ?2 WHERE user_id = ?1").bind(member.userId, new Date(Date.now() - 20 * DAY).toISOString()).run();
    expect(await listedNow(browser, tag)).toBe(1);
    // Set to end at its period end: no grace.
    await env.DB.prepare("UPDATE memberships SET ends_on = substr(period_end, 1, 10) WHERE user_id = ?1").bind(member.userId).run();
    expect(await listedNow(browser, tag)).toBe(0);
    await env.DB.prepare("DELETE FROM memberships WHERE user_id = ?1").bind(member.userId).run();
    expect(await listedNow(browser, tag)).toBe(0);
  });

  it("follows the configured grace days once the daily job has run", async () => {
    const tag = uniqueTag();
    await listedMember(`Graceful ${tag}`, { periodEnd: new Date(Date.now() - 10 * DAY).toISOString() });
    const { browser } = await signedIn(true);
    expect(await listedNow(browser, tag)).toBe(1);
    // As if the grace days had been 0 until now; the daily job brings in the configured 30.
    await env.DB.prepare("UPDATE directory_listing_rule SET grace_days = 0").run();
    await env.DB.prepare("UPDATE directory_entries SET listed_until = NULL WHERE display_name = ?1").bind(`Graceful ${tag}`).run();
    expect(await listedNow(browser, tag)).toBe(0);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await env.DB.prepare("SELECT grace_days FROM directory_listing_rule").first<{ grace_days: number }>())?.grace_days).toBe(30);
    expect(await listedNow(browser, tag)).toBe(1);
  });
});

describe("search and paging", () => {
  /** The "Next page" / "Previous page" link's address, as a browser would follow it. */
  const linkTo = (html: string, rel: "next" | "prev") => {
    const href = new RegExp(`<a href="([^"]+)" rel="${rel}"`).exec(html)?.[1];
    return href ? href.replaceAll("&amp;", "&") : null;
  };

  it("finds members by the start of a word of their name, by town and by specialisation, every word together", async () => {
    const tag = uniqueTag();
    await listedMember(`Ada Lovelace ${tag}`, { town: "Plymouth", specialisation: "Radiology" });
    await listedMember(`Grace Hopper ${tag}`, { town: "Bath", specialisation: "Oncology" });
    await listedMember(`Zoë Adams ${tag}`, { town: "Bath", specialisation: "Paediatric radiology" });
    const { browser } = await signedIn(true);
    const found = async (q: string) => {
      const response = await browser.fetch(`/members/directory?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      return [`Ada Lovelace ${tag}`, `Grace Hopper ${tag}`, `Zoë Adams ${tag}`].filter((name) => html.includes(name)).map((name) => name.split(" ")[0]);
    };
    expect(await found(`${tag} lov`)).toEqual(["Ada"]);
    expect(await found(`${tag} ADA`)).toEqual(["Ada", "Zoë"]);
    expect(await found(`${tag} ovelace`)).toEqual([]);
    expect(await found(`${tag} plym`)).toEqual(["Ada"]);
    expect(await found(`${tag} onc`)).toEqual(["Grace"]);
    expect(await found(`${tag} zoe`)).toEqual(["Zoë"]);
    expect(await found(`${tag} bath radio`)).toEqual(["Zoë"]);
    expect(await found(`${tag} hopper plymouth`)).toEqual([]);
    // What would be search syntax is taken as words: no NOT, no column filter, no syntax error.
    expect(await found(`${tag} NOT hopper`)).toEqual([]);
    expect(await found(`town:plym ${tag}`)).toEqual([]);
    expect(await found(`${tag}* "grace`)).toEqual(["Grace"]);
  });

  it("pages by key with Next and Previous links and no count", async () => {
    const tag = uniqueTag();
    for (let i = 0; i < 21; i++) await listedMember(`Member ${tag} ${String(i).padStart(2, "0")}`);
    await listedMember(`Member ${tag} lapsed`, { status: "lapsed" });
    const { browser } = await signedIn(true);

    const first = await (await browser.fetch(`/members/directory?q=${tag}`)).text();
    expect(first).toContain(`Member ${tag} 00`);
    expect(first).toContain(`Member ${tag} 19`);
    expect(first).not.toContain(`Member ${tag} 20`);
    expect(first).not.toMatch(/ of \d+ members/);
    expect(linkTo(first, "prev")).toBeNull();
    const next = linkTo(first, "next");
    expect(next).toMatch(new RegExp(`^/members/directory\\?q=${tag}&after=\\d+$`));

    const second = await (await browser.fetch(next!)).text();
    expect(second).toContain(`Member ${tag} 20`);
    expect(second).not.toContain(`Member ${tag} 19`);
    expect(second).not.toContain(`Member ${tag} lapsed`);
    expect(linkTo(second, "next")).toBeNull();
    expect(second).toMatch(/<nav class="pagination" aria-label="Directory pages">/);

    const back = await (await browser.fetch(linkTo(second, "prev")!)).text();
    for (let i = 0; i < 20; i++) expect(back).toContain(`Member ${tag} ${String(i).padStart(2, "0")}`);
    expect(back).not.toContain(`Member ${tag} 20`);
    expect(linkTo(back, "prev")).toBeNull();
    expect(linkTo(back, "next")).toBe(next);

    // Browsing without a search pages by name too.
    const browse = await (await browser.fetch("/members/directory")).text();
    expect(linkTo(browse, "next") ?? "").toMatch(/^\/members\/directory\?after=\d+%3A/);

    const badKey = await browser.fetch("/members/directory?after=nonsense");
    expect(badKey.status).toBe(400);
    expect(await badKey.text()).toContain("This page link is not complete");
  });

  it("answers an over-long search with a message beside the search box, keeping what was typed", async () => {
    const { browser } = await signedIn(true);
    const term = "a".repeat(100);
    const response = await browser.fetch(`/members/directory?q=${term}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Search with 60 characters or fewer");
    expect(html).toMatch(new RegExp(`<input[^>]*id="q"[^>]*value="${term}"|<input[^>]*value="${term}"[^>]*id="q"`));
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*q-error/);
    expect(html).toContain('id="q-error"');
  });

  it("asks for a name, town or specialism when the search is only punctuation", async () => {
    const { browser } = await signedIn(true);
    const response = await browser.fetch(`/members/directory?q=${encodeURIComponent('"*()-:')}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter a name, town or specialism to search for");
  });
});

describe("scraping", () => {
  it("limits each member to 30 directory pages a minute", async () => {
    const { browser } = await signedIn(true);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await browser.fetch(`/members/directory?page=${i + 1}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await browser.fetch("/members/directory");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    // Another member is not affected.
    const other = await signedIn(true);
    expect((await other.browser.fetch("/members/directory")).status).toBe(200);
  });
});
