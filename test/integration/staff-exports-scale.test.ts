/**
 * Staff exports and the finance ledger past their old caps, through the Worker against real D1:
 * 12,000 applications and 12,000 orders export every row (the exports once stopped at 10,000
 * without a word), and a month of 10,500 payments, more than the ledger once refused, is shown a
 * page at a time with the whole month's totals and exported whole. Rows are seeded with
 * set-based SQL.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";

const ROWS = 12_000;
const PAYMENTS = 10_500;
const DETAILS = JSON.stringify({
  phone: "0117 496 0000",
  address: { line1: "1 Export Street", line2: null, town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
  professional: { registrationNumber: null, specialisation: "Orthodontics", workplace: null, yearQualified: null },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
});

let staff: TestBrowser;

const dataLines = async (response: Response) => {
  expect(response.status).toBe(200);
  const lines = (await response.text()).trimEnd().split("\r\n");
  expect(lines.some((line) => line.startsWith("Export incomplete"))).toBe(false);
  return lines.slice(1);
};
const lastAudit = async (action: string) =>
  JSON.parse((await env.DB.prepare("SELECT details FROM staff_audit_log WHERE action = ?1 ORDER BY id DESC LIMIT 1").bind(action).first<{ details: string }>())!.details) as Record<string, unknown>;

beforeAll(async () => {
  const series = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)";
  await env.DB.batch([
    env.DB.prepare(
      `${series} INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
         payment_method, amount_due_pence, status, details, created_at)
       SELECT printf('bulk-app-%05d', i), printf('bulk-app-%05d', i), printf('GH-BULK%05d', i), printf('bulk-user-%05d', i), printf('bulk-%05d@export.example', i),
              'Bulk', printf('Applicant %05d', i), 'full-member', 'Full member', 'offline', 22000, 'paid', ?2,
              strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
    ).bind(ROWS, DETAILS),
    // A month's payments, more than the ledger once took in one range.
    env.DB.prepare(
      `${series} INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
       SELECT printf('bulk-pay-%05d', i), printf('bulk-app-%05d', i), printf('bulk-user-%05d', i), 'offline', 22000,
              date('2025-03-01', '+' || (i % 31) || ' days'), printf('BANK-%05d', i), 'staff@guildhall.example' FROM n`,
    ).bind(PAYMENTS),
    env.DB.prepare(
      `${series} INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids, created_at)
       SELECT printf('bulk-order-%05d', i), printf('bulk-order-%05d', i), printf('WB-BULK%05d', i), printf('bulk-user-%05d', i), printf('bulk-%05d@export.example', i),
              'offline', 4500, 'paid', '[]', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
    ).bind(ROWS),
  ]);
  staff = await signedInStaff();
}, 120_000);

describe("exports with more rows than the old 10,000 cap", () => {
  it("exports every paid application, newest first, and audits how many", async () => {
    const lines = await dataLines(await staff.fetch("/staff/applications.csv?status=paid"));
    const bulk = lines.filter((line) => line.includes("@export.example"));
    expect(bulk).toHaveLength(ROWS);
    expect(bulk[0]).toContain("GH-BULK12000");
    expect(bulk.at(-1)).toContain("GH-BULK00001");
    expect(new Set(bulk).size).toBe(ROWS);
    expect(await lastAudit("applications.exported")).toMatchObject({ status: "paid", count: lines.length });
  });

  it("exports every order", async () => {
    const lines = await dataLines(await staff.fetch("/staff/orders.csv?status=all"));
    expect(lines.filter((line) => line.includes("WB-BULK"))).toHaveLength(ROWS);
    expect(await lastAudit("orders.exported")).toMatchObject({ status: "all", count: lines.length });
  });

  it("still lists the newest applications on screen", async () => {
    const html = await (await staff.fetch("/staff/applications?status=paid")).text();
    expect(html).toContain("GH-BULK12000");
  });
});

/** The references on a list page, in order, and its Next and Previous links. */
function listPage(html: string, prefix: string) {
  const link = (rel: string) => new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;
  return { references: [...html.matchAll(new RegExp(`>(${prefix}\\d{5})</a>`, "g"))].map((m) => m[1]!), next: link("next"), previous: link("prev") };
}

describe("the applications and orders lists past their old 200 newest", () => {
  it("pages through every paid application newest first, with an honest count, and back", async () => {
    const first = await staff.fetch("/staff/applications?status=paid");
    const html = await first.text();
    expect(html).toContain("Showing 100 of more than 1,000 applications");
    expect(html).toContain("Paid applications, newest first");
    const pages = [listPage(html, "GH-BULK")];
    for (let i = 0; i < 2; i += 1) pages.push(listPage(await (await staff.fetch(pages.at(-1)!.next!)).text(), "GH-BULK"));
    const seen = pages.flatMap((p) => p.references);
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => `GH-BULK${String(ROWS - i).padStart(5, "0")}`));
    expect(pages[0]!.previous).toBeNull();
    const back = listPage(await (await staff.fetch(pages[2]!.previous!)).text(), "GH-BULK");
    expect(back.references).toEqual(pages[1]!.references);
  });

  it("pages the orders of every status as one list, and reaches the oldest", async () => {
    const html = await (await staff.fetch("/staff/orders?status=all")).text();
    expect(html).toContain("Showing 100 of more than 1,000 orders");
    // From the far end: the first page of a search for the oldest hundred ("WB-BULK000") holds exactly them.
    const oldest = await (await staff.fetch("/staff/orders?status=all&q=WB-BULK000")).text();
    expect(oldest).toContain("Showing 99 of 99 orders");
    expect(listPage(oldest, "WB-BULK").references.at(-1)).toBe("WB-BULK00001");
  });

  it("refuses a tampered page link rather than showing the first page", async () => {
    expect((await staff.fetch("/staff/applications?status=paid&after=not-a-cursor")).status).toBe(400);
  });
});

describe("the finance ledger past 10,000 entries in a range", () => {
  const RANGE = "from=2025-03-01&to=2025-03-31";

  it("shows the month a page at a time with the whole month's totals", async () => {
    const first = await staff.fetch(`/staff/finance?${RANGE}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(`Download these ${PAYMENTS.toLocaleString("en-GB")} entries as CSV`);
    expect(html).toContain(`Totals: ${PAYMENTS} payments, 0 refunds`);
    expect(html).toContain(`Showing 500 of ${PAYMENTS.toLocaleString("en-GB")} entries`);
    const next = /<a href="([^"]+)" rel="next">Next page<\/a>/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeTruthy();
    const second = await (await staff.fetch(next!)).text();
    expect(second).toContain("Previous page");
    expect(second).toContain(`Showing 500 of ${PAYMENTS.toLocaleString("en-GB")} entries`);
  });

  it("exports every entry of the month", async () => {
    const lines = await dataLines(await staff.fetch(`/staff/finance.csv?${RANGE}`));
    expect(lines).toHaveLength(PAYMENTS);
    expect(new Set(lines.map((line) => line.split(",").at(-1))).size).toBe(PAYMENTS);
    expect(await lastAudit("ledger.exported")).toMatchObject({ from: "2025-03-01", to: "2025-03-31", count: PAYMENTS });
  });
});
