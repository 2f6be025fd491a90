/**
 * The column-mapped import (/staff/members/import), against real D1, the real Strapi's membership
 * types and the Firebase Auth emulator: a file from another system waits for staff to match its
 * columns, guessed from its header; a dry run then lists each row's problems by line and writes
 * nothing; a real run creates the members with their payments under the old system, CPD and the
 * society's own fields, keeps their numbers and continues after the highest; a rerun duplicates
 * nothing; and the imported payments stay out of the finance ledger and the VAT return.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOutboxStore } from "../../src/adapters/d1/outbox";
import { getConfig, type Bindings } from "../../src/env";
import { log } from "../../src/log";
import { createEmailOutbox } from "../../src/services/email/outbox";
import { createMemberImportJobs } from "../../src/services/member-import/member-import";
import { publishedContent } from "../../src/wiring/content";
import { memberImportDeps } from "../../src/wiring/member-import";
import { finishImport, importIdIn, importPhaseOf } from "../support/worker/member-import";
import { signedInStaff } from "../support/worker/staff";
import type { TestBrowser } from "../support/worker/browser";

const PATH = "/staff/members/import";
let staff: TestBrowser;
let files = 0;

beforeAll(async () => {
  staff = await signedInStaff();
});

const tag = () => `map${Date.now().toString(36)}${(files++).toString(36)}`;

/** A Wild-Apricot-style export: its own names, its own order, two payments and a CPD activity a row, and columns the site has no field for. */
const HEADER = [
  "Member ID",
  "Full name",
  "e-Mail address",
  "Membership level",
  "Membership status",
  "Member since",
  "Renewal due",
  "Date of birth",
  "Payment 1 date",
  "Payment 1 amount",
  "Payment 1 method",
  "Payment 1 reference",
  "Payment 2 date",
  "Payment 2 amount",
  "CPD 1 date",
  "CPD 1 title",
  "CPD 1 hours",
  "CPD 1 category",
  "Internal notes",
];
type Row = Partial<Record<(typeof HEADER)[number], string>>;
const person = (email: string, overrides: Row = {}): Row => ({
  "Member ID": "",
  "Full name": "Grace Hopper",
  "e-Mail address": email,
  "Membership level": "Full member",
  "Membership status": "Active",
  "Member since": "01/01/2011",
  "Renewal due": "31/12/2099",
  "Date of birth": "09/12/1966",
  "Internal notes": "",
  ...overrides,
});
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: Row[]) => [HEADER.map(quote).join(","), ...rows.map((r) => HEADER.map((c) => quote(r[c] ?? "")).join(","))].join("\r\n") + "\r\n";

async function upload(file: string, mode: "check" | "import"): Promise<number> {
  const form = new FormData();
  form.set("csrfToken", await staff.csrfToken());
  form.set("file", new File([file], "export.csv", { type: "text/csv" }));
  form.set("mode", mode);
  const response = await staff.fetch(PATH, { method: "POST", body: form });
  expect(response.status).toBe(303);
  return importIdIn(response);
}

/** What the mapping screen has chosen for each column, as its form would send it. */
function chosen(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const select of html.matchAll(/<select[^>]*name="(use\.\d+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[select[1]!] = /<option value="([^"]+)" selected=""/.exec(select[2]!)?.[1] ?? "";
  }
  for (const input of html.matchAll(/<input[^>]*name="((?:entry|name)\.\d+)"[^>]*value="([^"]*)"/g)) fields[input[1]!] = input[2]!.replace(/&amp;/g, "&");
  return fields;
}

/** A page's words, without its markup. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([,;.])/g, "$1");

const column = (name: (typeof HEADER)[number]) => HEADER.indexOf(name);

/** Matches the columns as staff would: the guess, with the notes ignored rather than kept. */
async function map(importId: number, overrides: Record<string, string> = {}): Promise<Response> {
  const page = await staff.fetch(`${PATH}/${importId}`);
  expect(page.status).toBe(200);
  const fields = { ...chosen(await page.text()), [`use.${column("Internal notes")}`]: "ignore", ...overrides };
  return staff.post(`${PATH}/${importId}/mapping`, fields);
}

async function run(file: string, mode: "check" | "import"): Promise<{ importId: number; html: string }> {
  const importId = await upload(file, mode);
  expect(await importPhaseOf(importId)).toBe("mapping");
  expect((await map(importId)).status).toBe(303);
  await finishImport(importId);
  return { importId, html: await (await staff.fetch(`${PATH}/${importId}`)).text() };
}

const highestNumber = async () => (await env.DB.prepare("SELECT COALESCE(MAX(member_number), 0) AS n FROM memberships").first<{ n: number }>())!.n;

/** Everything the import may have written for these addresses. */
async function written(emails: string[]) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(JSON.stringify(emails)).all()).results;
  const users = "(SELECT user_id FROM memberships WHERE import_email IN (SELECT value FROM json_each(?1)))";
  return {
    members: await all("SELECT import_email, user_id, member_name, membership_slug, status, period_start, period_end, member_number FROM memberships WHERE import_email IN (SELECT value FROM json_each(?1)) ORDER BY import_email"),
    payments: await all(`SELECT user_id, paid_on, amount_pence, method, reference FROM imported_payments WHERE user_id IN ${users} ORDER BY user_id, paid_on`),
    cpd: await all(`SELECT user_id, source, activity_date, title, provider, hours_hundredths, category FROM cpd_entries WHERE user_id IN ${users} ORDER BY user_id, activity_date`),
    custom: await all(`SELECT user_id, name, value FROM member_custom_fields WHERE user_id IN ${users} ORDER BY user_id, name`),
  };
}

describe("a file from another system", () => {
  it("waits on a mapping screen with its columns guessed from the header, examples beside them, and what is left to choose", async () => {
    const email = `${tag()}@example.org`;
    const importId = await upload(csv([person(email, { "Internal notes": "rang in May" })]), "check");
    expect(await importPhaseOf(importId)).toBe("mapping");
    const page = await staff.fetch(`${PATH}/${importId}`);
    expect(page.headers.get("Refresh"), "waiting for staff, the page does not reload itself").toBeNull();
    const html = await page.text();
    const uses = chosen(html);
    expect(uses).toMatchObject({
      [`use.${column("Member ID")}`]: "field:member_number",
      [`use.${column("Full name")}`]: "field:name",
      [`use.${column("e-Mail address")}`]: "field:email",
      [`use.${column("Renewal due")}`]: "field:period_end",
      [`use.${column("Payment 2 amount")}`]: "history:payment.amount",
      [`entry.${column("Payment 2 amount")}`]: "2",
      [`use.${column("CPD 1 hours")}`]: "history:cpd.hours",
      [`use.${column("Date of birth")}`]: "custom",
      [`name.${column("Date of birth")}`]: "Date of birth",
    });
    expect(html).toContain("rang in May");
    expect((await written([email])).members).toEqual([]);
  });

  it("refuses a mapping without a required field or with a field twice, beside the column, keeping what staff chose", async () => {
    const email = `${tag()}@example.org`;
    const importId = await upload(csv([person(email)]), "check");
    const response = await map(importId, { [`use.${column("Full name")}`]: "custom", [`use.${column("Date of birth")}`]: "field:email" });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Choose a column for: Name");
    expect(html).toContain("E-mail address is already column 3: choose one column for it");
    expect(html).toMatch(new RegExp(`<select[^>]*id="use-${column("Date of birth")}"[^>]*aria-invalid="true"`));
    expect(chosen(html)[`use.${column("Full name")}`]).toBe("custom");
    expect(await importPhaseOf(importId)).toBe("mapping");
  });

  it("dry run: each row's problems by line and column, in the file's words, and nothing written", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`, `${t}-c@example.org`];
    const { html } = await run(
      csv([
        person(emails[0]!, { "Payment 1 date": "01/04/2025", "Payment 1 amount": "85.00" }),
        person(emails[1]!, { "Renewal due": "31/02/2026" }),
        person(emails[2]!, { "Payment 2 date": "2025-04-01", "CPD 1 date": "2025-01-01", "CPD 1 title": "Course", "CPD 1 hours": "lots" }),
      ]),
      "check",
    );
    expect(html).toContain("Nothing has been imported.");
    expect(html).toMatch(/<td class="staff-table__number">3<\/td><td>period_end<\/td><td>Period end 31\/02\/2026 is not a real date<\/td>/);
    expect(html).toMatch(/<td class="staff-table__number">4<\/td><td>Payment 2 amount<\/td><td>Payment 2 has no amount<\/td>/);
    expect(html).toContain("CPD 1 hours &quot;lots&quot; is not a number of hours from 0.25 to 100");
    expect(await written(emails)).toEqual({ members: [], payments: [], cpd: [], custom: [] });
  });
});

describe("a file left waiting for its columns", () => {
  it("is set aside by the sweep after 30 days, its stored rows cleared, and its page says why", async () => {
    const email = `${tag()}@example.org`;
    const importId = await upload(csv([person(email)]), "import");
    const config = getConfig(env as unknown as Bindings);
    const outbox = createEmailOutbox({ store: createOutboxStore(env.DB), queue: { enqueue: async () => undefined }, newId: () => crypto.randomUUID(), log });
    const jobs = createMemberImportJobs(memberImportDeps(config, publishedContent(config, () => undefined), outbox));
    await jobs.sweep(new Date(Date.now() + 29 * 86_400_000));
    expect(await importPhaseOf(importId)).toBe("mapping");
    await jobs.sweep(new Date(Date.now() + 31 * 86_400_000));
    expect(await importPhaseOf(importId)).toBe("refused");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM member_import_rows WHERE import_id = ?1").bind(importId).first<{ n: number }>())!.n).toBe(0);
    expect(await (await staff.fetch(`${PATH}/${importId}`)).text()).toContain("Its columns were never matched, so it was set aside.");
    expect((await staff.post(`${PATH}/${importId}/mapping`, { "use.0": "ignore" })).status).toBe(409);
  });
});

describe("a real import of a file from another system", () => {
  it("creates the members with their payments (as imported history), CPD (their own entries) and kept fields; numbers continue after the highest; a rerun duplicates nothing", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`, `${t}-c@example.org`];
    const base = (await highestNumber()) + 1000;
    const file = csv([
      person(emails[0]!, {
        "Member ID": String(base),
        "Payment 1 date": "01/01/2025",
        "Payment 1 amount": "£95.00",
        "Payment 1 method": "Direct debit",
        "Payment 1 reference": "WA-1001",
        "Payment 2 date": "01/01/2024",
        "Payment 2 amount": "90",
        "CPD 1 date": "2025-03-02",
        "CPD 1 title": "Pain science update",
        "CPD 1 hours": "3.5",
        "CPD 1 category": "Clinical practice",
      }),
      person(emails[1]!, { "Full name": "Alan Turing", "Member ID": String(base + 500), "Membership status": "Expired", "Renewal due": "31/12/2024", "Date of birth": "" }),
      // No number in the old system, and active: the next after the highest the file gave.
      person(emails[2]!, { "Full name": "Katherine Johnson" }),
    ]);
    const first = await run(file, "import");
    expect(first.html).toContain("3 members: 3 created, 0 changed, 0 unchanged, 0 skipped.");
    expect(first.html).toContain("The file brought 2 earlier payments (kept as history, marked imported: not receipts, not in the ledger or the VAT return), 1 CPD entry");
    const after = await written(emails);
    const [a, b, c] = emails.map((e) => `email:${e}`);
    expect(after.members).toEqual([
      { import_email: emails[0], user_id: a, member_name: "Grace Hopper", membership_slug: "full-member", status: "active", period_start: "2011-01-01", period_end: "2099-12-31", member_number: base },
      { import_email: emails[1], user_id: b, member_name: "Alan Turing", membership_slug: "full-member", status: "lapsed", period_start: "2011-01-01", period_end: "2024-12-31", member_number: base + 500 },
      { import_email: emails[2], user_id: c, member_name: "Katherine Johnson", membership_slug: "full-member", status: "active", period_start: "2011-01-01", period_end: "2099-12-31", member_number: base + 501 },
    ]);
    expect(after.payments).toEqual([
      { user_id: a, paid_on: "2024-01-01", amount_pence: 9000, method: "", reference: "" },
      { user_id: a, paid_on: "2025-01-01", amount_pence: 9500, method: "Direct debit", reference: "WA-1001" },
    ]);
    expect(after.cpd).toEqual([
      { user_id: a, source: "manual", activity_date: "2025-03-02", title: "Pain science update", provider: "Imported from the previous register", hours_hundredths: 350, category: "clinical" },
    ]);
    expect(after.custom).toEqual([
      { user_id: a, name: "Date of birth", value: "09/12/1966" },
      { user_id: c, name: "Date of birth", value: "09/12/1966" },
    ]);

    // The staff timeline shows the earlier payments as imported history, not as payments received.
    const timeline = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(a!)}`)).text());
    expect(timeline).toContain("Earlier payment (imported) £95.00 paid Wed, 1 Jan 2025 under the previous system, Direct debit, reference WA-1001; history only: no receipt, not in the ledger");
    expect(timeline).toContain("Earlier payment (imported) £90.00 paid Mon, 1 Jan 2024 under the previous system; history only");

    // The next member numbered on the site continues after the highest imported number.
    const next = `${t}-next@example.org`;
    await env.DB.prepare("INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline')")
      .bind(`email:${next}`, next)
      .run();
    expect((await env.DB.prepare("SELECT member_number FROM memberships WHERE user_id = ?1").bind(`email:${next}`).first<{ member_number: number }>())!.member_number).toBe(base + 502);

    // The same file again: the mapping screen remembers the choice; nothing is created or recorded twice.
    const importId = await upload(file, "import");
    const remembered = chosen(await (await staff.fetch(`${PATH}/${importId}`)).text());
    expect(remembered[`use.${column("Internal notes")}`]).toBe("ignore");
    expect((await staff.post(`${PATH}/${importId}/mapping`, remembered)).status).toBe(303);
    await finishImport(importId);
    const again = await (await staff.fetch(`${PATH}/${importId}`)).text();
    expect(again).toContain("3 members: 0 created, 0 changed, 3 unchanged, 0 skipped.");
    expect(await written(emails)).toEqual(after);
  });
});

describe("imported payments and the books", () => {
  it("never reach the finance ledger, its CSV or the VAT return: they are not money this site received", async () => {
    const email = `${tag()}@example.org`;
    const books = async () => ({
      csv: await (await staff.fetch("/staff/finance.csv?from=2012-04-01&to=2012-06-30")).text(),
      vat: textOf(/<main[\s\S]*<\/main>/.exec(await (await staff.fetch("/staff/finance/vat?quarter=2012-Q2")).text())?.[0] ?? ""),
    });
    const before = await books();
    expect(before.csv.split("\n")[0]).not.toBe("");
    expect(before.vat).toContain("No receipts or credit notes from 2012-04-01 to 2012-06-30.");
    await run(csv([person(email, { "Payment 1 date": "15/05/2012", "Payment 1 amount": "120.00", "Payment 1 reference": "OLD-2012-77" })]), "import");
    expect((await written([email])).payments).toHaveLength(1);
    const after = await books();
    expect(after).toEqual(before);
    expect(after.csv).not.toContain("OLD-2012-77");
  });
});
