/**
 * Duplicate member records through the Worker, against real D1: likely duplicates are found by
 * their shared match keys (kept by triggers as records change) on /staff/members/duplicates, and
 * staff merge two on /staff/members/merge: every row the merged-away record owned moves to the
 * survivor in one batch, receipts and other issued documents keep exactly what they say, the
 * other record becomes a tombstone, and the merge is audited. Refused while it would lose money
 * or access; refused with nothing lost when either record changed after the form was made.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MERGE_TABLES, TABLES_NOT_MERGED } from "../../src/adapters/d1/merge-tables";
import { MERGE_MOVE_SQL } from "../../src/adapters/d1/member-merges";
import worker from "../../src/index";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
let count = 0;
const unique = () => `${Date.now().toString(36)}${(count++).toString(36)}`;
const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&amp;", "&").replaceAll("&#x27;", "'");

interface RecordFields {
  email: string;
  name?: string;
  phone?: string;
  postcode?: string;
  status?: "active" | "lapsed" | "awaiting_payment" | "cancelled";
  periodStart?: string;
  periodEnd?: string;
  subscription?: boolean;
}

/** A membership record under `userId` (a sign-in account's uid, or `email:<address>` for one waiting to be claimed), with a join application when it has a phone or postcode. */
async function record(userId: string, fields: RecordFields) {
  const applicationId = fields.phone || fields.postcode ? `app-${unique()}` : null;
  const [givenName, familyName] = (fields.name ?? "Ada Lovelace").split(" ") as [string, string];
  const details = { phone: fields.phone ?? null, address: { line1: "1 Guild Street", town: "Bristol", postcode: fields.postcode ?? null, country: "United Kingdom" } };
  const card = fields.subscription === true;
  await env.DB.batch([
    ...(applicationId
      ? [
          env.DB.prepare(
            `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
             VALUES (?1, ?1, ?1, ?2, ?3, ?4, ?5, 'full-member', 'Full member', 'offline', 19500, 'paid', ?6)`,
          ).bind(applicationId, userId, fields.email, givenName, familyName, JSON.stringify(details)),
        ]
      : []),
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end, member_name, stripe_customer_id, stripe_subscription_id, billing_status)
       VALUES (?1, ?2, ?3, 'full-member', 'Full member', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
    ).bind(
      userId,
      fields.email,
      applicationId,
      fields.status ?? "active",
      card ? "card" : "offline",
      fields.periodStart ?? dayIn(-100),
      fields.periodEnd ?? dayIn(265),
      applicationId ? null : (fields.name ?? null),
      card ? `cus_${unique()}` : null,
      card ? `sub_${unique()}` : null,
      card ? "active" : null,
    ),
  ]);
  return userId;
}

const recordOf = (userId: string) => env.DB.prepare("SELECT * FROM memberships WHERE user_id = ?1").bind(userId).first<Record<string, string | number | null>>();
const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)![1]!;

/** Opens the merge form for a and b, and posts it with `fields` (survivor "a", everything kept from a, unless given). */
async function merge(staff: TestBrowser, a: string, b: string, fields: Record<string, string> = {}, version?: string) {
  const form = await staff.fetch(`/staff/members/merge?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
  expect(form.status).toBe(200);
  return staff.post("/staff/members/merge", {
    a,
    b,
    version: version ?? versionIn(await form.text()),
    survivor: "a",
    "keep-email": "a",
    "keep-name": "a",
    "keep-postalAddress": "a",
    "keep-membership": "a",
    reason: "The same person joined twice",
    ...fields,
  });
}

let staff: TestBrowser;
beforeAll(async () => {
  await warmMembershipContent();
  staff = await signedInStaff();
}, 60_000);

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("the tables a merge moves", () => {
  it("names every table with a user id, so a new one cannot be left behind, and moves each with SQL the schema accepts", async () => {
    const { results } = await env.DB.prepare(
      `SELECT DISTINCT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
       WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%' AND c.name LIKE '%user_id' ORDER BY m.name`,
    ).all<{ name: string }>();
    const handled = [...MERGE_TABLES.map((t) => t.table), ...Object.keys(TABLES_NOT_MERGED)].sort();
    expect(handled).toEqual(results.map((r) => r.name));
    for (const sql of MERGE_MOVE_SQL) {
      const outcome = await env.DB.prepare(sql).bind("email:nobody@guild.example", "nobody", "no-merge").run();
      expect(outcome.meta.changes, sql).toBe(0);
    }
  });
});

describe("likely duplicates", () => {
  it("are the records sharing an e-mail address (Gmail's dots, +tags and capitals aside), a phone number, or a name and postcode, listed with a link to compare them", async () => {
    const u = unique();
    const phone = `01632 9${u.slice(-5).replace(/\D/g, "7").padStart(5, "7")}`;
    const signedUp = await record(`uid-${u}`, { email: `Ada.${u}@gmail.com`, name: `Ada Lovelace${u}`, phone, postcode: "BS1 1AA" });
    const imported = await record(`email:ada${u}+old@googlemail.com`, { email: `ada${u}+old@googlemail.com`, name: `Ada Byron${u}` });
    const samePhone = await record(`uid-p${u}`, { email: `other-${u}@example.org`, name: `Augusta King${u}`, phone: phone.replace("01632", "+44 (0)1632") });
    const sameNamePostcode = await record(`uid-n${u}`, { email: `third-${u}@example.org`, name: `ada lovelace${u}`, postcode: "bs11aa" });

    const byEmail = textOf(await (await staff.fetch(`/staff/members/duplicates?after=${encodeURIComponent(`email|ada${u}@gmail.co`)}`)).text());
    expect(byEmail).toContain("Same e-mail address");
    expect(byEmail).toContain(`ada${u}@gmail.com`);
    expect(byEmail).toContain(`/staff/members/merge?a=${encodeURIComponent(imported)}&b=${encodeURIComponent(signedUp)}`);

    const phoneKey = phone.replaceAll(" ", "");
    const byPhone = textOf(await (await staff.fetch(`/staff/members/duplicates?after=${encodeURIComponent(`phone|${phoneKey.slice(0, -1)}`)}`)).text());
    expect(byPhone).toContain("Same telephone number");
    expect(byPhone).toContain(`/staff/members/merge?a=${encodeURIComponent(signedUp)}&b=${encodeURIComponent(samePhone)}`);

    const byName = textOf(await (await staff.fetch(`/staff/members/duplicates?after=${encodeURIComponent(`name-postcode|ada lovelace${u}`)}`)).text());
    expect(byName).toContain(`ada lovelace${u}|BS11AA`);
    expect(byName).toContain(`/staff/members/merge?a=${encodeURIComponent(signedUp)}&b=${encodeURIComponent(sameNamePostcode)}`);

    // A change of the record, or of its join application, makes its keys again.
    await env.DB.prepare("UPDATE applications SET details = json_set(details, '$.phone', '0300 000 0000') WHERE user_id = ?1").bind(signedUp).run();
    const keys = await env.DB.prepare("SELECT kind, match_key FROM member_match_keys WHERE user_id = ?1 ORDER BY kind").bind(signedUp).all<{ kind: string; match_key: string }>();
    expect(keys.results).toEqual([
      { kind: "email", match_key: `ada${u}@gmail.com` },
      { kind: "name-postcode", match_key: `ada lovelace${u}|BS11AA` },
      { kind: "phone", match_key: "03000000000" },
    ]);
  });
});

describe("merging two records", () => {
  it("moves everything the merged-away record owned to the survivor in one audited batch, keeps every receipt's content, and leaves a tombstone", async () => {
    const u = unique();
    const survivor = await record(`uid-${u}`, { email: `ada-${u}@example.org`, status: "lapsed", periodStart: dayIn(-500), periodEnd: dayIn(-135), phone: "01632 960000" });
    const merged = await record(`email:ada-${u}@old.example`, { email: `ada-${u}@old.example`, name: `Ada Byron${u}`, periodStart: dayIn(-30), periodEnd: dayIn(335) });
    const before = { survivor: (await recordOf(survivor))!, merged: (await recordOf(merged))! };
    const app = `app-m-${u}`;
    const receipt = `R-${u}`;
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
         VALUES (?1, ?1, ?1, ?2, ?3, 'Ada', 'Byron', 'full-member', 'Full member', 'offline', 19500, 'paid', '{}')`,
      ).bind(app, merged, `ada-${u}@old.example`),
      env.DB.prepare("INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by) VALUES (?1, ?2, ?3, 'offline', 19500, ?4, 'BACS 1', 'staff@guildhall.example')").bind(`pay-${u}`, app, merged, dayIn(-30)),
      env.DB.prepare(
        `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, user_id, payer_name, payer_email, items, total_pence, method, paid_on, payment_reference)
         VALUES (?1, 2099, ?2, 'membership', ?3, ?4, ?5, 'Ada Byron', ?6, '[{"description":"Full member","pence":19500}]', 19500, 'offline', ?7, 'BACS 1')`,
      ).bind(receipt, Number.parseInt(u.slice(-6), 36), `pay-${u}`, app, merged, `ada-${u}@old.example`, dayIn(-30)),
      env.DB.prepare(
        "INSERT INTO refunds (id, source, payment_id, user_id, method, amount_pence, reason, refunded_on, recorded_by) VALUES (?1, 'membership', ?2, ?3, 'offline', 500, 'Overpaid', ?4, 'staff@guildhall.example')",
      ).bind(`ref-${u}`, `pay-${u}`, merged, dayIn(-20)),
      env.DB.prepare(
        `INSERT INTO credit_notes (number, year, seq, refund_id, source, payment_id, receipt_number, application_id, user_id, payer_name, payer_email, description, reason, total_pence, method, refunded_on)
         VALUES (?1, 2099, ?2, ?3, 'membership', ?4, ?5, ?6, ?7, 'Ada Byron', ?8, 'Full member', 'Overpaid', 500, 'offline', ?9)`,
      ).bind(`CN-${u}`, Number.parseInt(u.slice(-6), 36), `ref-${u}`, `pay-${u}`, receipt, app, merged, `ada-${u}@old.example`, dayIn(-20)),
      env.DB.prepare(
        "INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids) VALUES (?1, ?1, ?1, ?2, ?3, 'offline', 0, 'paid', '[]', '[]')",
      ).bind(`ord-${u}`, merged, `ada-${u}@old.example`),
      env.DB.prepare(
        "INSERT INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category) VALUES (?1, ?2, 'manual', ?3, 'Course', 'Guild', 100, 'learning')",
      ).bind(`cpd-${u}`, merged, dayIn(-10)),
      env.DB.prepare("INSERT INTO member_notes (id, user_id, body, staff_email) VALUES (?1, ?2, 'Paid at the conference', 'staff@guildhall.example')").bind(`note-${u}`, merged),
      env.DB.prepare("INSERT INTO member_consents (user_id, topic, consented) VALUES (?1, 'newsletter', 1)").bind(merged),
      env.DB.prepare("INSERT INTO staff_audit_log (staff_email, action, details, user_id) VALUES ('staff@guildhall.example', 'member.note.added', ?2, ?1)").bind(merged, JSON.stringify({ userId: merged })),
    ]);
    const receiptBefore = await env.DB.prepare("SELECT * FROM receipts WHERE number = ?1").bind(receipt).first();
    const creditNoteBefore = await env.DB.prepare("SELECT * FROM credit_notes WHERE number = ?1").bind(`CN-${u}`).first();
    const refundBefore = await env.DB.prepare("SELECT * FROM refunds WHERE id = ?1").bind(`ref-${u}`).first();

    const done = await merge(staff, survivor, merged, { "keep-name": "b", "keep-membership": "b", "keep-postalAddress": "b", reason: "Joined again at the conference under an old address" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/staff/members/${encodeURIComponent(survivor)}?done=merged`);

    // The survivor has the membership chosen (the merged-away one's, with its number) and keeps its own address.
    const after = (await recordOf(survivor))!;
    expect(after).toMatchObject({ email: before.survivor.email, member_name: `Ada Byron${u}`, status: "active", period_end: before.merged.period_end, member_number: before.merged.member_number });
    expect(await recordOf(merged)).toBeNull();
    const tombstone = await env.DB.prepare("SELECT * FROM member_merges WHERE merged_user_id = ?1").bind(merged).first<Record<string, string | number | null>>();
    expect(tombstone).toMatchObject({ survivor_user_id: survivor, retired_number: before.survivor.member_number, staff_email: "staff@guildhall.example" });
    expect(JSON.parse(String(tombstone!.merged_record))).toMatchObject({ user_id: merged, email: before.merged.email });

    // Nothing is left under the merged-away id.
    for (const { table } of MERGE_TABLES) {
      const left = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1`).bind(merged).first<{ n: number }>();
      expect(left?.n, table).toBe(0);
    }
    for (const table of ["applications", "payments", "receipts", "refunds", "credit_notes", "orders", "cpd_entries", "member_notes", "member_consents"]) {
      const moved = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1`).bind(survivor).first<{ n: number }>();
      expect(moved?.n, table).toBeGreaterThan(0);
    }
    // Receipts, credit notes and refunds say exactly what they said; only their owner moved.
    expect(await env.DB.prepare("SELECT * FROM receipts WHERE number = ?1").bind(receipt).first()).toEqual({ ...receiptBefore, user_id: survivor });
    expect(await env.DB.prepare("SELECT * FROM credit_notes WHERE number = ?1").bind(`CN-${u}`).first()).toEqual({ ...creditNoteBefore, user_id: survivor });
    expect(await env.DB.prepare("SELECT * FROM refunds WHERE id = ?1").bind(`ref-${u}`).first()).toEqual({ ...refundBefore, user_id: survivor });

    // Audited with who, the reason, and the values before and after.
    const entry = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE user_id = ?1 AND action = 'member.merged'").bind(survivor).first<{ staff_email: string; details: string }>();
    expect(entry?.staff_email).toBe("staff@guildhall.example");
    const details = JSON.parse(entry!.details) as Record<string, Record<string, unknown>>;
    expect(details).toMatchObject({ mergedUserId: merged, reason: "Joined again at the conference under an old address", choices: { email: "survivor", name: "merged", membership: "merged" } });
    expect(details.before).toMatchObject({ status: "lapsed", member_number: before.survivor.member_number });
    expect(details.after).toMatchObject({ status: "active", member_number: before.merged.member_number });

    // The member's page shows the merge; the merged-away record's is gone.
    const page = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(survivor)}?done=merged`)).text());
    expect(page).toContain("The records were merged into this one.");
    expect((await staff.fetch(`/staff/members/merge?a=${encodeURIComponent(survivor)}&b=${encodeURIComponent(merged)}`)).status).toBe(404);
    const oldLink = await staff.fetch(`/staff/members/${encodeURIComponent(merged)}`);
    expect(oldLink.status).toBe(303);
    expect(oldLink.headers.get("location")).toBe(`/staff/members/${encodeURIComponent(survivor)}`);
  });

  it("never lets a receipt change otherwise: not its owner without a merge's tombstone, not its content with one", async () => {
    const u = unique();
    const owner = await record(`uid-r${u}`, { email: `r-${u}@example.org` });
    await env.DB.prepare(
      `INSERT INTO receipts (number, year, seq, source, payment_id, user_id, payer_name, payer_email, items, total_pence, method, paid_on, payment_reference)
       VALUES (?1, 2098, ?2, 'membership', ?1, ?3, 'Ada', 'r@example.org', '[]', 100, 'offline', '2026-01-01', 'ref')`,
    ).bind(`RR-${u}`, Number.parseInt(u.slice(-6), 36), owner).run();
    await expect(env.DB.prepare("UPDATE receipts SET user_id = 'someone-else' WHERE number = ?1").bind(`RR-${u}`).run()).rejects.toThrow(/never changed/);
    await env.DB.prepare("INSERT INTO member_merges (id, merged_user_id, survivor_user_id, staff_email) VALUES (?1, ?2, 'someone-else', 'staff@guildhall.example')").bind(`mm-${u}`, owner).run();
    await expect(env.DB.prepare("UPDATE receipts SET user_id = 'someone-else', payer_name = 'Eve' WHERE number = ?1").bind(`RR-${u}`).run()).rejects.toThrow(/never changed/);
    await expect(env.DB.prepare("UPDATE receipts SET user_id = 'someone-else', total_pence = 1 WHERE number = ?1").bind(`RR-${u}`).run()).rejects.toThrow(/never changed/);
  });

  it("never gives a merged-away record's member number again", async () => {
    const u = unique();
    const survivor = await record(`uid-n${u}`, { email: `n-${u}@example.org` });
    const merged = await record(`email:n-${u}@old.example`, { email: `n-${u}@old.example`, periodStart: dayIn(-400), periodEnd: dayIn(-200) });
    const retired = (await recordOf(merged))!.member_number as number;
    expect(retired).toBeGreaterThan((await recordOf(survivor))!.member_number as number);
    expect((await merge(staff, survivor, merged)).status).toBe(303);
    const next = await record(`uid-x${u}`, { email: `x-${u}@example.org` });
    expect((await recordOf(next))!.member_number).toBeGreaterThan(retired);
  });
});

describe("a merge is refused", () => {
  it("when only the record merged away has a sign-in account (the one with the account must stay)", async () => {
    const u = unique();
    const one = await record(`uid-a${u}`, { email: `a-${u}@example.org`, status: "lapsed", periodEnd: dayIn(-20) });
    const waiting = await record(`email:c-${u}@example.org`, { email: `c-${u}@example.org`, status: "lapsed", periodEnd: dayIn(-20) });
    const wrongWay = await merge(staff, waiting, one);
    expect(wrongWay.status).toBe(400);
    expect(textOf(await wrongWay.text())).toContain("Keep the record the member signs in with");
    expect(await recordOf(waiting)).not.toBeNull();
    expect(await recordOf(one)).not.toBeNull();
  });

  it("when both have a live card subscription, or the membership given up has one", async () => {
    const u = unique();
    const one = await record(`uid-s${u}`, { email: `s-${u}@example.org`, subscription: true, periodStart: dayIn(-300), periodEnd: dayIn(-250) });
    const two = await record(`email:s-${u}@old.example`, { email: `s-${u}@old.example`, subscription: true, periodStart: dayIn(-100), periodEnd: dayIn(265) });
    const both = await merge(staff, one, two);
    expect(both.status).toBe(400);
    expect(textOf(await both.text())).toContain("Both records have a live card subscription with Stripe");

    const three = await record(`email:t-${u}@old.example`, { email: `t-${u}@old.example`, status: "lapsed", periodEnd: dayIn(-260) });
    const dropped = await merge(staff, three, one, { survivor: "b", "keep-membership": "a" });
    expect(dropped.status).toBe(400);
    expect(textOf(await dropped.text())).toContain("The membership you are not keeping has a live card subscription");
  });

  it("when the record merged away has an application waiting for payment", async () => {
    const u = unique();
    const survivor = await record(`uid-o${u}`, { email: `o-${u}@example.org` });
    const merged = await record(`email:o-${u}@old.example`, { email: `o-${u}@old.example`, status: "awaiting_payment", phone: "01632 960001" });
    await env.DB.prepare("UPDATE applications SET status = 'awaiting_payment' WHERE user_id = ?1").bind(merged).run();
    const refused = await merge(staff, survivor, merged);
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("1 application(s) and 0 order(s) waiting for payment");
  });

  it("when both are active with overlapping paid periods, until staff confirm it", async () => {
    const u = unique();
    const survivor = await record(`uid-v${u}`, { email: `v-${u}@example.org` });
    const merged = await record(`email:v-${u}@old.example`, { email: `v-${u}@old.example` });
    const unconfirmed = await merge(staff, survivor, merged);
    expect(unconfirmed.status).toBe(400);
    const page = textOf(await unconfirmed.text());
    expect(page).toMatch(/data-field-error="confirmOverlap"[^>]*>.*paid periods overlap/s);
    expect(page).toContain("The same person joined twice");
    expect(await recordOf(merged)).not.toBeNull();
    expect((await merge(staff, survivor, merged, { confirmOverlap: "on" })).status).toBe(303);
    expect(await recordOf(merged)).toBeNull();
  });

  it("when either record changed after the form was made (409): nothing merged, the choices kept, the form made again", async () => {
    const u = unique();
    const survivor = await record(`uid-w${u}`, { email: `w-${u}@example.org`, status: "lapsed", periodEnd: dayIn(-5) });
    const merged = await record(`email:w-${u}@old.example`, { email: `w-${u}@old.example`, name: `Ada Byron${u}` });
    const form = await staff.fetch(`/staff/members/merge?a=${encodeURIComponent(survivor)}&b=${encodeURIComponent(merged)}`);
    const version = versionIn(await form.text());
    // A colleague changes the record meanwhile.
    await env.DB.prepare("UPDATE memberships SET member_name = 'Ada King', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second') WHERE user_id = ?1").bind(merged).run();
    const stale = await merge(staff, survivor, merged, { "keep-membership": "b", reason: "Two records, one person" }, version);
    expect(stale.status).toBe(409);
    const page = textOf(await stale.text());
    expect(page).toContain("Someone else changed this member's record after you opened it");
    expect(page).toContain("Two records, one person");
    expect(page).toContain("Ada King");
    expect(page).toMatch(/id="keep-membership-b"[^>]*checked/);
    expect(versionIn(page)).not.toBe(version);
    expect(await recordOf(merged)).not.toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM member_merges WHERE merged_user_id = ?1").bind(merged).first()).toBeNull();
  });
});

/** The account as Firebase (the emulator) holds it, asked the way an administrator would. */
async function firebaseAccount(uid: string): Promise<{ disabled?: boolean; validSince?: string } | undefined> {
  const response = await fetch(`http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${env.FIREBASE_PROJECT_ID}/accounts:lookup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ localId: [uid] }),
  });
  return ((await response.json()) as { users?: { disabled?: boolean; validSince?: string }[] }).users?.[0];
}

/** The ten-minute sweep, as the cron trigger runs it, with some bindings overridden. */
async function sweep(overrides: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

/** Nowhere Firebase answers: as if it were down. */
const FIREBASE_DOWN = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:59" };

describe("merging two records that both have a sign-in account", () => {
  async function twoAccounts() {
    const u = unique();
    const kept = await createUser(undefined, `keep-${u}@example.org`);
    const other = await createUser(undefined, `other-${u}@example.org`);
    await record(kept.uid, { email: kept.email, status: "lapsed", periodStart: dayIn(-500), periodEnd: dayIn(-135) });
    await record(other.uid, { email: other.email, name: `Ada Other${u}` });
    return { u, kept, other };
  }

  it("keeps the account staff choose with its address, disables the other in Firebase and ends its sessions, and audits it", async () => {
    const { kept, other } = await twoAccounts();
    const member = new TestBrowser();
    expect((await member.signIn(other.email, other.password)).status).toBe(303);
    expect((await member.fetch("/user/account")).status).toBe(200);

    // The address is the kept account's sign-in address: the other's cannot be chosen.
    const wrongAddress = await merge(staff, kept.uid, other.uid, { "keep-email": "b", "keep-membership": "b" });
    expect(wrongAddress.status).toBe(400);
    expect(textOf(await wrongAddress.text())).toMatch(/data-field-error="keep-email"[^>]*>.*sign-in address of the account that stays/s);
    expect(await recordOf(other.uid)).not.toBeNull();

    const done = await merge(staff, kept.uid, other.uid, { "keep-membership": "b" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/staff/members/${encodeURIComponent(kept.uid)}?done=merged-account-disabled`);
    const page = textOf(await (await staff.fetch(done.headers.get("location")!)).text());
    expect(page).toContain(`The records were merged into this one, and the other sign-in account was disabled.`);
    expect(await recordOf(kept.uid)).toMatchObject({ email: kept.email, status: "active" });
    expect(await recordOf(other.uid)).toBeNull();

    expect(await firebaseAccount(other.uid)).toMatchObject({ disabled: true });
    expect((await firebaseAccount(kept.uid))?.disabled).not.toBe(true);
    // Its session ended with the merge.
    expect((await member.fetch("/user/account")).status).not.toBe(200);
    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE user_id = ?1 AND action = 'member.merge.account_disabled'").bind(kept.uid).first<{ staff_email: string; details: string }>();
    expect(audit?.staff_email).toBe("staff@guildhall.example");
    expect(JSON.parse(audit!.details)).toMatchObject({ disabledUserId: other.uid });

    // Signing in with the disabled account is refused, and makes no new record.
    const again = await new TestBrowser().signIn(other.email, other.password);
    expect(again.headers.get("location")).toContain("error=AccountDisabled");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE user_id = ?1 OR email = ?2").bind(other.uid, other.email).first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await new TestBrowser().signIn(kept.email, kept.password)).headers.get("location")).not.toContain("error=");
  });

  it("when Firebase cannot be reached: merged all the same, the page says the account is still to be disabled, sign-in with it is refused meanwhile, and the sweep disables it later", async () => {
    const { kept, other } = await twoAccounts();
    const offline = new TestBrowser(FIREBASE_DOWN);
    for (const [name, value] of staff.cookies) offline.cookies.set(name, value);
    const form = await staff.fetch(`/staff/members/merge?a=${encodeURIComponent(kept.uid)}&b=${encodeURIComponent(other.uid)}`);
    const done = await offline.post("/staff/members/merge", {
      a: kept.uid,
      b: other.uid,
      version: versionIn(await form.text()),
      survivor: "a",
      "keep-email": "a",
      "keep-name": "b",
      "keep-postalAddress": "a",
      "keep-membership": "b",
      reason: "Two accounts, one person",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/staff/members/${encodeURIComponent(kept.uid)}?done=merged-account-pending`);
    const page = textOf(await (await staff.fetch(done.headers.get("location")!)).text());
    expect(page).toContain("The records were merged into this one. The other sign-in account could not be disabled yet");
    expect(await recordOf(other.uid)).toBeNull();
    expect((await firebaseAccount(other.uid))?.disabled).not.toBe(true);

    // Firebase still lets the other account sign in, but the site opens no session for it and makes no record.
    const meanwhile = await new TestBrowser().signIn(other.email, other.password);
    expect(meanwhile.headers.get("location")).toContain("error=AccountDisabled");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE user_id = ?1").bind(other.uid).first<{ n: number }>();
    expect(left?.n).toBe(0);

    // The sweep tries again: still down, it waits; once Firebase answers, the account is disabled.
    await sweep(FIREBASE_DOWN);
    expect((await firebaseAccount(other.uid))?.disabled).not.toBe(true);
    const pending = await env.DB.prepare("SELECT account_disabled_at, account_disable_attempts FROM member_merges WHERE merged_user_id = ?1").bind(other.uid).first<{ account_disabled_at: string | null; account_disable_attempts: number }>();
    expect(pending).toMatchObject({ account_disabled_at: null, account_disable_attempts: 2 });
    await sweep();
    expect(await firebaseAccount(other.uid)).toMatchObject({ disabled: true });
    const settled = await env.DB.prepare("SELECT account_disabled_at FROM member_merges WHERE merged_user_id = ?1").bind(other.uid).first<{ account_disabled_at: string | null }>();
    expect(settled?.account_disabled_at).not.toBeNull();
  });
});
