/**
 * Staff roles and the second factor, against real D1 and the Firebase Auth emulator: the demo
 * staff account (STAFF_EMAILS) becomes the first administrator and adds the others on
 * /staff/team; every role meets every kind of staff route; TOTP codes are computed from the key
 * the enrolment page shows; a code is good once, a recovery code once, wrong codes are counted;
 * personal-data exports are audited.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuditLog } from "../../src/adapters/d1/audit-log";
import { createSessionStore } from "../../src/adapters/d1/sessions";
import { createSecondFactorStore } from "../../src/adapters/d1/staff-second-factors";
import type { Session } from "../../src/domain/session";
import type { StaffRole } from "../../src/domain/staff";
import { getConfig } from "../../src/env";
import { AppError } from "../../src/errors";
import { log } from "../../src/log";
import { createSecondFactor, SecondFactorCodeError, type SecondFactor } from "../../src/services/staff/second-factor";
import { createSecretBox } from "../../src/services/staff/secret-box";
import { timeStep, totpCode } from "../../src/services/staff/totp";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { currentCode, expectStaffHeaders, passSecondFactor, shownRecoveryCodes, shownSecret, signedInStaff, STAFF } from "../support/worker/staff";

interface AuditRow {
  staff_email: string;
  action: string;
  details: string;
  at: string;
}
const auditFor = async (action: string) =>
  (await env.DB.prepare("SELECT staff_email, action, details, at FROM staff_audit_log WHERE action = ?1 ORDER BY id").bind(action).all<AuditRow>()).results.map((row) => ({
    ...row,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));

/** A new account with a verified address. */
async function verifiedUser() {
  const user = await createUser();
  await verifyEmail(user.email, user.password);
  return user;
}

let admin: TestBrowser;

/** A verified account the administrator adds with `role`, signed in with its second factor passed. */
async function staffWithRole(role: StaffRole): Promise<{ browser: TestBrowser; email: string; password: string }> {
  const user = await verifiedUser();
  expect((await admin.post("/staff/team", { email: user.email, role })).status).toBe(303);
  return { browser: await signedInStaff(user), email: user.email.toLowerCase(), password: user.password };
}

interface EnrolledStaff {
  email: string;
  password: string;
  /** Signed in, second factor set up and passed. */
  browser: TestBrowser;
  secret: Uint8Array;
  codes: string[];
}

/** A new read-only staff member who has set up the second factor (with the previous step's code, so the current one is still fresh). */
async function enrolledStaff(): Promise<EnrolledStaff> {
  const user = await verifiedUser();
  expect((await admin.post("/staff/team", { email: user.email, role: "read_only" })).status).toBe(303);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  const secret = shownSecret(await (await browser.fetch("/staff/second-factor")).text());
  const enrolled = await browser.post("/staff/second-factor", { code: await currentCode(secret, -1) });
  expect(enrolled.status).toBe(200);
  return { email: user.email.toLowerCase(), password: user.password, browser, secret, codes: shownRecoveryCodes(await enrolled.text()) };
}

/** The member's session as the Worker reads it from D1. */
async function sessionOf(member: EnrolledStaff): Promise<Session> {
  const row = await env.DB.prepare("SELECT id, user_id, email, auth_time, expires_at FROM sessions WHERE email = ?1 AND revoked_at IS NULL ORDER BY created_at DESC")
    .bind(member.email)
    .first<{ id: string; user_id: string; email: string; auth_time: number; expires_at: string }>();
  return { id: row!.id, userId: row!.user_id, email: row!.email, emailVerified: true, authTime: row!.auth_time, expiresAt: Date.parse(row!.expires_at) / 1000, secondFactorAt: null };
}

/** The second factor service as the Worker builds it, on this file's D1: for what no browser can time, such as attempts arriving together. */
function secondFactorService(): SecondFactor {
  return createSecondFactor({
    store: createSecondFactorStore(env.DB),
    sessions: createSessionStore(env.DB),
    box: createSecretBox(getConfig(env).staffSecondFactor.key),
    audit: createAuditLog(env.DB),
    issuer: "Guildhall",
    nowSeconds: () => Math.floor(Date.now() / 1000),
    log,
  });
}

beforeAll(async () => {
  admin = await signedInStaff();
});

describe("the team", () => {
  it("makes the STAFF_EMAILS account an administrator at its first sign-in, audited", async () => {
    const page = await admin.fetch("/staff/team");
    expect(page.status).toBe(200);
    expectStaffHeaders(page);
    const html = await page.text();
    expect(html).toContain(STAFF.email);
    expect(html).toContain("From the site&#x27;s configuration");
    expect((await auditFor("staff.seeded")).map((e) => e.staff_email)).toEqual([STAFF.email]);
  });

  it("adds a staff member with a role, audited with who did it", async () => {
    const user = await verifiedUser();
    const added = await admin.post("/staff/team", { email: ` ${user.email.toUpperCase()} `, role: "finance" });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/staff/team?done=added");
    const html = await (await admin.fetch("/staff/team?done=added")).text();
    expect(html).toContain("The staff member has been added");
    expect(html).toContain(user.email.toLowerCase());
    expect((await auditFor("staff.added")).find((e) => e.details.email === user.email.toLowerCase())).toMatchObject({ staff_email: STAFF.email, details: { role: "finance" } });
  });

  it.each([
    ["no address", { email: "", role: "finance" }, "Enter the staff member&#x27;s e-mail address"],
    ["an address that is not one", { email: "not-an-address", role: "finance" }, "Enter an e-mail address like name@example.org"],
    ["a huge address", { email: `${"a".repeat(300)}@example.org`, role: "finance" }, "Enter an e-mail address like name@example.org"],
    ["no role", { email: "someone@example.org", role: "" }, "Choose a role"],
    ["a role that does not exist", { email: "someone@example.org", role: "owner" }, "Choose a role"],
    ["an address already on the team", { email: STAFF.email, role: "finance" }, "is already on the team"],
  ])("refuses %s with a specific message and changes nothing", async (_, fields, message) => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_members").first<{ n: number }>();
    const response = await admin.post("/staff/team", fields);
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(message);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_members").first<{ n: number }>()).toEqual(before);
  });

  it("refuses an administrator changing or removing themselves, so the team always keeps one", async () => {
    const path = `/staff/team/${encodeURIComponent(STAFF.email)}`;
    expect((await admin.post(`${path}/role`, { role: "read_only" })).status).toBe(409);
    expect((await admin.post(`${path}/remove`, {})).status).toBe(409);
    expect((await env.DB.prepare("SELECT role FROM staff_members WHERE email = ?1").bind(STAFF.email).first<{ role: string }>())?.role).toBe("admin");
  });

  it("changes a role (applied at the next page) and removes a member (at once), both audited", async () => {
    const member = await staffWithRole("membership");
    expect((await member.browser.fetch("/staff/orders")).status).toBe(403);
    const path = `/staff/team/${encodeURIComponent(member.email)}`;
    expect((await admin.post(`${path}/role`, { role: "finance" })).status).toBe(303);
    expect((await member.browser.fetch("/staff/orders")).status).toBe(200);
    expect((await member.browser.fetch("/staff/applications")).status).toBe(403);
    expect((await auditFor("staff.role_changed")).at(-1)).toMatchObject({ staff_email: STAFF.email, details: { email: member.email, from: "membership", to: "finance" } });

    expect((await admin.post(`${path}/role`, { role: "boss" })).status).toBe(400);
    expect((await admin.post(`${path}/remove`, {})).status).toBe(303);
    expect((await member.browser.fetch("/staff/orders")).status).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_second_factors WHERE email = ?1").bind(member.email).first<{ n: number }>()).toEqual({ n: 0 });
    expect((await auditFor("staff.removed")).at(-1)).toMatchObject({ staff_email: STAFF.email, details: { email: member.email, role: "finance" } });
    expect((await admin.post(`${path}/remove`, {})).status).toBe(404);
  });

  it("ignores an unverified address, even one an administrator added", async () => {
    const user = await createUser();
    expect((await admin.post("/staff/team", { email: user.email, role: "admin" })).status).toBe(303);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    for (const path of ["/staff/team", "/staff/verify", "/staff/second-factor", "/staff/applications"]) expect((await browser.fetch(path)).status, path).toBe(404);
  });
});

describe("every role on every kind of staff route", () => {
  let browsers: Record<StaffRole, TestBrowser>;
  beforeAll(async () => {
    browsers = {
      admin,
      membership: (await staffWithRole("membership")).browser,
      finance: (await staffWithRole("finance")).browser,
      read_only: (await staffWithRole("read_only")).browser,
    };
  });

  // A page or a post of each area; ids that do not exist still show whether the gate let it through (404 past it, 403 at it).
  const VIEWS = ["/staff/applications", "/staff/applications.csv", "/staff/applications/none", "/staff/members", "/staff/members.csv", "/staff/members/import", "/staff/emails", "/staff/orders", "/staff/orders.csv", "/staff/orders/none", "/staff/receipts/none", "/staff/team"];
  const CHANGES = ["/staff/applications/none/payment", "/staff/applications/none/reject", "/staff/emails/none/resend", "/staff/members/none/emails/none/resend", "/staff/orders/none/payment", "/staff/orders/none/cancel", "/staff/team/nobody%40example.org/remove"];
  const AREA = (path: string) => (path.startsWith("/staff/team") ? "team" : /^\/staff\/(orders|receipts)/.test(path) ? "finance" : "membership");
  const MAY: Record<StaffRole, { view: string[]; change: string[] }> = {
    admin: { view: ["membership", "finance", "team"], change: ["membership", "finance", "team"] },
    membership: { view: ["membership"], change: ["membership"] },
    finance: { view: ["finance"], change: ["finance"] },
    read_only: { view: ["membership", "finance"], change: [] },
  };

  it.each(["admin", "membership", "finance", "read_only"] as const)("%s: views and changes only what the role allows", async (role) => {
    const browser = browsers[role];
    for (const path of VIEWS) {
      const response = await browser.fetch(path);
      expectStaffHeaders(response);
      if (MAY[role].view.includes(AREA(path))) expect(response.status, `${role} GET ${path}`).not.toBe(403);
      else expect(response.status, `${role} GET ${path}`).toBe(403);
    }
    for (const path of CHANGES) {
      const response = await browser.post(path, { reason: "A reason long enough to pass", amount: "1", receivedOn: "2026-01-01", paymentReference: "x" });
      if (MAY[role].change.includes(AREA(path))) expect(response.status, `${role} POST ${path}`).not.toBe(403);
      else expect(response.status, `${role} POST ${path}`).toBe(403);
    }
  });

  it("says which role stops a page", async () => {
    const response = await browsers.read_only.post("/staff/applications/none/reject", { reason: "A reason long enough to pass" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Your role (read-only) may not change this.");
    expect(await (await browsers.finance.fetch("/staff/members")).text()).toContain("Your role (finance) does not include this page.");
  });

  it("hides the staff area from visitors and non-staff (404), whatever the method", async () => {
    const user = await verifiedUser();
    const signedIn = new TestBrowser();
    await signedIn.signIn(user.email, user.password);
    for (const browser of [new TestBrowser(), signedIn]) {
      for (const path of ["/staff/team", "/staff/verify", "/staff/second-factor"]) expect((await browser.fetch(path)).status, path).toBe(404);
      expect((await browser.post("/staff/team", { email: "x@example.org", role: "admin" })).status).toBe(404);
    }
  });
});

describe("the staff navigation", () => {
  const navOf = (html: string) => html.match(/<nav class="staff-tabs staff-nav"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "";

  it("offers a finance member only the areas finance may open", async () => {
    const { browser } = await staffWithRole("finance");
    const nav = navOf(await (await browser.fetch("/staff/orders")).text());
    expect(nav).toContain('href="/staff/orders"');
    expect(nav).toContain('href="/staff/finance"');
    expect(nav).toContain('href="/staff/dashboard"');
    for (const hidden of ["/staff/team", "/staff/members/import", "/staff/members", "/staff/applications", "/staff/emails"]) expect(nav).not.toContain(`href="${hidden}"`);
  });

  it("offers an administrator every area", async () => {
    const nav = navOf(await (await admin.fetch("/staff/orders")).text());
    for (const href of ["/staff/applications", "/staff/members", "/staff/orders", "/staff/finance", "/staff/dashboard", "/staff/emails", "/staff/members/import", "/staff/team"]) expect(nav).toContain(`href="${href}"`);
  });
});

describe("the second factor", () => {
  it("sends staff without one to set it up, and keeps every other staff page from them until they do", async () => {
    const user = await verifiedUser();
    expect((await admin.post("/staff/team", { email: user.email, role: "membership" })).status).toBe(303);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const redirected = await browser.fetch("/staff/members?status=all");
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("Location")).toBe(`/staff/second-factor?callbackUrl=${encodeURIComponent("/staff/members?status=all")}`);
    expect((await browser.post("/staff/applications/none/reject", { reason: "A reason long enough to pass" })).status).toBe(403);
    expect((await browser.fetch("/staff/verify")).headers.get("Location")).toMatch(/^\/staff\/second-factor\?/);

    const page = await browser.fetch("/staff/second-factor?callbackUrl=%2Fstaff%2Fmembers%3Fstatus%3Dall");
    expect(page.status).toBe(200);
    const html = await page.text();
    const secret = shownSecret(html);
    expect(secret.length).toBe(20);
    expect(html).toMatch(/href="otpauth:\/\/totp\/Guildhall%3A[^"]+\?secret=[A-Z2-7]{32}&amp;issuer=Guildhall&amp;algorithm=SHA1&amp;digits=6&amp;period=30"/);
    // The same pending key until it is confirmed (a reload does not change the app's entry).
    expect(shownSecret(await (await browser.fetch("/staff/second-factor")).text())).toEqual(secret);
    // Stored sealed: the key is not in the database in any readable form.
    const stored = await env.DB.prepare("SELECT secret, confirmed_at FROM staff_second_factors WHERE email = ?1").bind(user.email.toLowerCase()).first<{ secret: string; confirmed_at: string | null }>();
    expect(stored?.confirmed_at).toBeNull();
    expect(stored?.secret).not.toContain(html.match(/id="totp-secret"[^>]*>([^<]+)</)![1]!.replace(/ /g, ""));

    const wrong = await browser.post("/staff/second-factor", { code: "12345", callbackUrl: "/staff/members?status=all" });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("Enter the 6-digit code your authenticator app shows");

    const done = await browser.post("/staff/second-factor", { code: await currentCode(secret), callbackUrl: "/staff/members?status=all" });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    const codes = shownRecoveryCodes(doneHtml);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(doneHtml).toContain('href="/staff/members?status=all"');
    expect((await browser.fetch("/staff/members?status=all")).status).toBe(200);
    // Digests only.
    const hashes = (await env.DB.prepare("SELECT code_hash FROM staff_recovery_codes WHERE email = ?1").bind(user.email.toLowerCase()).all<{ code_hash: string }>()).results;
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(codes).not.toContain(code_hash);
    expect((await auditFor("staff.second_factor_enrolled")).some((e) => e.staff_email === user.email.toLowerCase())).toBe(true);
    // Set up once: the page now leads to the check instead.
    expect((await browser.fetch("/staff/second-factor")).status).toBe(303);
  });

  it("shows a pending key only to the session that started the set-up, and takes the first code only from it", async () => {
    const user = await verifiedUser();
    expect((await admin.post("/staff/team", { email: user.email, role: "read_only" })).status).toBe(303);
    const first = new TestBrowser();
    await first.signIn(user.email, user.password);
    const firstKey = shownSecret(await (await first.fetch("/staff/second-factor")).text());
    const other = new TestBrowser();
    await other.signIn(user.email, user.password);
    const otherKey = shownSecret(await (await other.fetch("/staff/second-factor")).text());
    expect(otherKey).not.toEqual(firstKey);
    // The first session's key was replaced by the other's set-up: its code sets nothing up.
    const stale = await first.post("/staff/second-factor", { code: await currentCode(firstKey) });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("There is no second factor waiting to be set up in this session. Open the set-up page again.");
    expect((await other.post("/staff/second-factor", { code: await currentCode(otherKey) })).status).toBe(200);
    expect((await other.fetch("/staff/applications")).status).toBe(200);
    expect((await first.fetch("/staff/applications")).headers.get("Location")).toMatch(/^\/staff\/verify\?/);
  });

  describe("at each sign-in", () => {
    /**
     * Passing the second factor is limited like sign-in (five attempts a minute per address,
     * setting it up included), so the tests that post many codes each have a member of their own.
     */
    let shared: EnrolledStaff;
    /**
     * The member's browser as a new session would be, not yet past the second factor: sign-in
     * itself is rate limited per address (five a minute), so the tests below reuse one session
     * and clear its mark in D1 instead of signing in again and again.
     */
    const signIn = async (member: EnrolledStaff = shared) => {
      await env.DB.prepare("UPDATE sessions SET second_factor_at = NULL WHERE email = ?1").bind(member.email).run();
      return member.browser;
    };
    const clearFailures = (member: EnrolledStaff) => env.DB.prepare("DELETE FROM staff_second_factor_failures WHERE email = ?1").bind(member.email).run();
    const failures = async (member: EnrolledStaff) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_second_factor_failures WHERE email = ?1").bind(member.email).first<{ n: number }>())!.n;

    beforeAll(async () => {
      shared = await enrolledStaff();
    });

    it("asks a new session for a code, and goes back to the page asked for (a staff page on this site only)", async () => {
      const browser = await signIn();
      const asked = await browser.fetch("/staff/orders?status=all");
      expect(asked.headers.get("Location")).toBe(`/staff/verify?callbackUrl=${encodeURIComponent("/staff/orders?status=all")}`);
      const page = await browser.fetch("/staff/verify?callbackUrl=%2Fstaff%2Forders%3Fstatus%3Dall");
      expect(page.status).toBe(200);
      expectStaffHeaders(page);
      const passed = await browser.post("/staff/verify", { code: await currentCode(shared.secret), callbackUrl: "https://evil.example/staff/orders" });
      expect(passed.status).toBe(303);
      expect(passed.headers.get("Location")).toBe("/staff/applications");
      expect((await browser.fetch("/staff/orders?status=all")).status).toBe(200);
      const row = await env.DB.prepare("SELECT second_factor_at FROM sessions WHERE email = ?1").bind(shared.email).first<{ second_factor_at: number | null }>();
      expect(row!.second_factor_at).toBeGreaterThan(Date.now() / 1000 - 60);
    });

    it("refuses a code used before (replay)", async () => {
      await clearFailures(shared);
      const used = await env.DB.prepare("SELECT last_used_step FROM staff_second_factors WHERE email = ?1").bind(shared.email).first<{ last_used_step: number }>();
      const browser = await signIn();
      const replay = await browser.post("/staff/verify", { code: await totpCode(shared.secret, used!.last_used_step) });
      expect(replay.status).toBe(422);
      expect(await replay.text()).toMatch(/That code has already been used|That code is not right/);
      expect((await browser.fetch("/staff/applications")).status).toBe(303);
    });

    it("refuses a wrong code and odd input with specific messages", async () => {
      const member = await enrolledStaff();
      const browser = await signIn(member);
      const step = timeStep(Date.now() / 1000);
      const wrong = String((Number(await totpCode(member.secret, step)) + 1) % 1_000_000).padStart(6, "0");
      for (const [code, message] of [
        [wrong, "That code is not right"],
        ["", "Enter the code from your authenticator app, or a recovery code"],
        ["12 34", "Enter the 6-digit code from your authenticator app, or a recovery code like abcde-fghjk"],
        ["x".repeat(10_000), "Enter the 6-digit code from your authenticator app"],
      ] as const) {
        const response = await browser.post("/staff/verify", { code });
        expect(response.status, code.slice(0, 10)).toBe(422);
        expect(await response.text()).toContain(message);
      }
    });

    it("takes each recovery code once", async () => {
      await clearFailures(shared);
      const first = await signIn();
      expect((await first.post("/staff/verify", { code: shared.codes[0]!.toUpperCase() })).status).toBe(303);
      expect((await first.fetch("/staff/applications")).status).toBe(200);
      const second = await signIn();
      const again = await second.post("/staff/verify", { code: shared.codes[0]! });
      expect(again.status).toBe(422);
      expect(await again.text()).toContain("That recovery code is not right or has been used.");
      expect((await auditFor("staff.recovery_code_used")).at(-1)).toMatchObject({ staff_email: shared.email, details: { left: 9 } });
    });

    it("stops after five wrong codes in fifteen minutes, even a right one", async () => {
      const member = await enrolledStaff();
      const browser = await signIn(member);
      const now = Math.floor(Date.now() / 1000);
      // Five wrong codes within the window (posting them would also meet the per-minute limit).
      await env.DB.batch(Array.from({ length: 5 }, (_, i) => env.DB.prepare("INSERT INTO staff_second_factor_failures (email, at) VALUES (?1, ?2)").bind(member.email, now - 60 * i)));
      const locked = await browser.post("/staff/verify", { code: member.codes[1]! });
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain("Too many wrong codes. Wait 15 minutes, then try again.");
      expect(await failures(member)).toBe(5);
      await clearFailures(member);
      expect((await browser.post("/staff/verify", { code: member.codes[1]! })).status).toBe(303);
    });

    it("counts a burst of 60 parallel wrong codes in one statement each: five are checked, 55 refused unchecked", async () => {
      const member = await enrolledStaff();
      const session = await sessionOf(member);
      const service = secondFactorService();
      const outcomes = await Promise.allSettled(Array.from({ length: 60 }, () => service.verify(session, member.email, "aaaaa-aaaaa")));
      const reasons = outcomes.map((outcome) => (outcome.status === "rejected" ? (outcome.reason as unknown) : outcome.value));
      expect(reasons.filter((reason) => reason instanceof SecondFactorCodeError)).toHaveLength(5);
      expect(reasons.filter((reason) => reason instanceof AppError && reason.code === "RATE_LIMITED")).toHaveLength(55);
      expect(await failures(member)).toBe(5);
    });

    it("limits code attempts per address like sign-in: of 60 parallel posts, only the minute's allowance is checked", async () => {
      const member = await enrolledStaff();
      const browser = await signIn(member);
      const csrfToken = await browser.csrfToken();
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async () => (await browser.fetch("/staff/verify", { method: "POST", body: new URLSearchParams({ csrfToken, code: "aaaaa-aaaaa" }) })).status),
      );
      // Setting the factor up took one of the address's five attempts this minute.
      expect(statuses.filter((status) => status === 422)).toHaveLength(4);
      expect(statuses.filter((status) => status === 429)).toHaveLength(56);
      expect(await failures(member)).toBe(4);
      const refused = await browser.post("/staff/verify", { code: member.codes[0]! });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("60");
    });

    it("limits code attempts per client address across staff addresses", async () => {
      const address = new TestBrowser().address;
      const statuses: number[] = [];
      for (let member = 0; member < 5; member++) {
        const user = await verifiedUser();
        expect((await admin.post("/staff/team", { email: user.email, role: "read_only" })).status).toBe(303);
        const browser = new TestBrowser();
        Object.defineProperty(browser, "address", { value: address });
        await browser.signIn(user.email, user.password);
        // Not set up yet: refused after the limit is counted, so each post is one attempt.
        for (let attempt = 0; attempt < 5; attempt++) statuses.push((await browser.post("/staff/verify", { code: "aaaaa-aaaaa" })).status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 409)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    });

    it("is reset by an administrator (a lost phone): sessions that passed the old factor are signed out, the next one sets it up again", async () => {
      const member = await enrolledStaff();
      expect((await member.browser.fetch("/staff/applications")).status).toBe(200);
      expect((await admin.post(`/staff/team/${encodeURIComponent(member.email)}/second-factor`, {})).status).toBe(303);
      expect((await auditFor("staff.second_factor_reset")).at(-1)).toMatchObject({ staff_email: STAFF.email, details: { email: member.email } });
      expect((await member.browser.fetch("/staff/applications")).status).toBe(404);

      const next = new TestBrowser();
      await next.signIn(member.email, member.password);
      expect((await next.fetch("/staff/applications")).headers.get("Location")).toMatch(/^\/staff\/second-factor\?/);
      await passSecondFactor(next, `${member.email}#reset`);
      expect((await next.fetch("/staff/applications")).status).toBe(200);
      // The old session stays out, new factor or not.
      expect((await member.browser.fetch("/staff/applications")).status).toBe(404);
    });

    it("signs out a removed member's sessions that passed the factor, so being added back does not bring them back", async () => {
      const member = await enrolledStaff();
      const path = `/staff/team/${encodeURIComponent(member.email)}`;
      expect((await admin.post(`${path}/remove`, {})).status).toBe(303);
      expect((await admin.post("/staff/team", { email: member.email, role: "read_only" })).status).toBe(303);
      const next = new TestBrowser();
      await next.signIn(member.email, member.password);
      await passSecondFactor(next, `${member.email}#added-back`);
      expect((await next.fetch("/staff/applications")).status).toBe(200);
      expect((await member.browser.fetch("/staff/applications")).status).toBe(404);
    });
  });
});

describe("personal-data exports", () => {
  it.each([
    ["/staff/members.csv?status=lapsed&q=smith", "members.exported", { status: "lapsed", search: "smith" }],
    ["/staff/applications.csv?status=all&q=ada", "applications.exported", { status: "all", search: "ada" }],
    ["/staff/orders.csv?status=paid&q=", "orders.exported", { status: "paid", search: "" }],
  ])("audits %s: who, when and the filter", async (path, action, filter) => {
    const before = Date.now() - 1000;
    const response = await admin.fetch(path);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const entry = (await auditFor(action)).at(-1);
    expect(entry).toMatchObject({ staff_email: STAFF.email, details: filter });
    expect(typeof entry!.details.count).toBe("number");
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before);
  });
});
