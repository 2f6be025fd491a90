/**
 * The staff members register at real sizes, through the Worker against real D1: 25,000 lapsed
 * records (more than the 20,000 the register once read before filtering by state) and a handful
 * of members in every other state. Each tab lists the right members in the order its caption
 * says, a page at a time with next and previous links and an honest count, and the CSV export
 * holds every matching row with the member number, postal address and phone. And the register's
 * SQL windows put a table of records (every status, ending or not, period ends on and either side
 * of each boundary) in exactly the state the member-state rule gives them.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createMembersRegisterStore } from "../../src/adapters/d1/members-register";
import type { MembershipStatus } from "../../src/domain/membership";
import { REGISTER_FILTERS } from "../../src/domain/membership-lifecycle";
import { memberState } from "../../src/services/membership/member-state";
import { stateWindows } from "../../src/services/membership/member-state-windows";
import { REGISTER_ORDER } from "../../src/services/membership/members-register";
import { signedInStaff } from "../support/worker/staff";
import type { TestBrowser } from "../support/worker/browser";

const DAY = 86_400_000;
const LAPSED = 25_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const instant = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** A member written straight into D1, with a join application (name, address, phone) unless `imported`. */
async function member(id: string, fields: { status: string; periodEnd: string | null; endsOn?: string; imported?: boolean }) {
  const email = `${id}@scale.example`;
  const statements = [
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end, ends_on, member_name, postal_address)
       VALUES (?1, ?2, 'full-member', 'Full member', ?3, 'offline', NULL, ?4, ?5, ?6, ?7)`,
    ).bind(id, email, fields.status, fields.periodEnd, fields.endsOn ?? null, fields.imported ? `Imported ${id}` : null, fields.imported ? "3 Old Road\nLeeds" : null),
  ];
  if (!fields.imported) {
    const details = {
      phone: `0117 ${id.length}00 ${id.slice(-3)}`,
      address: { line1: `1 ${id} Street`, line2: null, town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
      professional: { registrationNumber: null, specialisation: "Orthodontics", workplace: null, yearQualified: null },
      declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
    };
    statements.push(
      env.DB.prepare(
        `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
         VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', ?5, 'full-member', 'Full member', 'offline', 22000, 'paid', ?6)`,
      ).bind(`app-${id}`, `GH-${id.toUpperCase()}`, id, email, `Scale-${id}`, JSON.stringify(details)),
    );
  }
  await env.DB.batch(statements);
  return email;
}

const emailsIn = (html: string) => [...html.matchAll(/class="staff-table__email">([^<]+)</g)].map((m) => m[1]!);
const linkTo = (html: string, rel: "next" | "prev") => {
  const href = new RegExp(`<a href="([^"]+)" rel="${rel}"`).exec(html)?.[1];
  return href ? href.replaceAll("&amp;", "&") : null;
};

let staff: TestBrowser;
const members: Record<string, string> = {} as Record<string, string>;

beforeAll(async () => {
  await env.DB.exec("DELETE FROM email_outbox; DELETE FROM memberships; DELETE FROM entitlements; DELETE FROM membership_changes");
  // 25,000 lapses from 2017 on, ten a day, numbered, in one set-based statement.
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number)
     SELECT printf('lapsed-%05d', i), printf('lapsed-%05d@scale.example', i), 'full-member', 'Full member', 'lapsed', 'offline',
            date('2017-01-01', '+' || (i / 10) || ' days'), 100000 + i FROM n`,
  )
    .bind(LAPSED)
    .run();
  members.openEnded = await member("active-open", { status: "active", periodEnd: null });
  members.activeLater = await member("active-later", { status: "active", periodEnd: day(300) });
  members.activeSooner = await member("active-sooner", { status: "active", periodEnd: instant(90) });
  members.ending = await member("active-ending", { status: "active", periodEnd: day(10), endsOn: day(10) });
  members.imported = await member("active-imported", { status: "active", periodEnd: day(200), imported: true });
  members.due = await member("due-soon", { status: "active", periodEnd: day(5) });
  members.dueLater = await member("due-later", { status: "active", periodEnd: instant(20) });
  members.grace = await member("in-grace", { status: "active", periodEnd: day(-3) });
  members.pastGrace = await member("past-grace", { status: "active", periodEnd: day(-45) });
  members.endedEnding = await member("ended-ending", { status: "active", periodEnd: day(-2), endsOn: day(-2) });
  members.cancelled = await member("cancelled", { status: "cancelled", periodEnd: null });
  members.awaiting = await member("awaiting", { status: "awaiting_payment", periodEnd: null });
  staff = await signedInStaff();
}, 120_000);

describe("the members register with more records than it once read", () => {
  it("lists the active members, soonest period end first and open-ended last, however many lapsed records there are", async () => {
    const html = await (await staff.fetch("/staff/members")).text();
    expect(html).not.toContain("No active members");
    expect(html).toContain("Active members, soonest period end first");
    expect(emailsIn(html)).toEqual([members.ending, members.activeSooner, members.imported, members.activeLater, members.openEnded]);
    expect(html).toContain("Showing 5 of 5 members");
    expect(html).not.toContain('rel="next"');
  });

  it("puts each member in the one tab their state says", async () => {
    const tab = async (status: string) => emailsIn(await (await staff.fetch(`/staff/members?status=${status}`)).text());
    expect(await tab("renewal_due")).toEqual([members.due, members.dueLater]);
    expect(await tab("in_grace")).toEqual([members.grace]);
    expect(await tab("cancelled")).toEqual([members.cancelled]);
    expect(await tab("awaiting_payment")).toEqual([members.awaiting]);
    const lapsed = await tab("lapsed");
    expect(lapsed.slice(0, 3)).toEqual([members.endedEnding, members.pastGrace, "lapsed-25000@scale.example"]);
  });

  it("pages the lapsed, most recently ended first, with next and previous pages and a count that says more than 1,000", async () => {
    const first = await (await staff.fetch("/staff/members?status=lapsed")).text();
    expect(first).toContain("Lapsed members, most recently ended first");
    expect(first).toContain("Showing 100 of more than 1,000 members");
    expect(first).toMatch(/<nav aria-label="Pages of members">/);
    expect(first).not.toContain('rel="prev"');
    const page1 = emailsIn(first);
    expect(page1).toHaveLength(100);
    // Ten a day, each day's in descending user id: 25000 … 24903 after the two recent lapses.
    expect(page1.slice(2, 5)).toEqual(["lapsed-25000@scale.example", "lapsed-24999@scale.example", "lapsed-24998@scale.example"]);

    const second = await (await staff.fetch(linkTo(first, "next") ?? "missing next link")).text();
    const page2 = emailsIn(second);
    expect(page2).toHaveLength(100);
    expect(page2[0]).toBe("lapsed-24902@scale.example");
    expect(new Set([...page1, ...page2]).size).toBe(200);
    expect(second).toContain("Previous page");

    const back = await (await staff.fetch(linkTo(second, "prev") ?? "missing previous link")).text();
    expect(emailsIn(back)).toEqual(page1);
    expect(back).not.toContain('rel="prev"');
  });

  it("refuses a page link that was tampered with", async () => {
    expect((await staff.fetch("/staff/members?status=lapsed&after=not-a-cursor")).status).toBe(400);
  });

  it("exports every lapsed record, with member number, postal address and phone, and audits it", async () => {
    const response = await staff.fetch("/staff/members.csv?status=lapsed");
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Member number,Name,E-mail,Phone,Address line 1,Address line 2,Town,Region,Postcode,Country,Reference,Membership,State,Period start,Period end,Payment method,Last e-mail",
    );
    expect(lines).toHaveLength(1 + LAPSED + 2);
    expect(lines.at(-1)).toContain("lapsed-00001@scale.example");
    expect(lines.at(-1)).toMatch(/^100001,/);
    expect(lines.some((line) => line.startsWith("Export incomplete"))).toBe(false);
    const audit = await env.DB.prepare("SELECT details FROM staff_audit_log WHERE action = 'members.exported' ORDER BY id DESC LIMIT 1").first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({ status: "lapsed", count: LAPSED + 2 });
  });

  it("exports the address and phone a join application gave, and an imported member's address", async () => {
    const text = await (await staff.fetch("/staff/members.csv?status=active")).text();
    const sooner = text.split("\r\n").find((line) => line.includes(members.activeSooner!))!;
    expect(sooner).toMatch(/^\d+,Ada Scale-active-sooner,active-sooner@scale\.example,0117 1300 ner,1 active-sooner Street,,Bristol,,BS1 1AA,United Kingdom,/);
    const imported = text.split("\r\n").find((line) => line.includes(members.imported!))!;
    expect(imported).toContain('Imported active-imported,active-imported@scale.example,,"3 Old Road, Leeds"');
  });

  it("reads one member's page by id", async () => {
    const page = await staff.fetch("/staff/members/active-sooner");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(members.activeSooner);
  });
});

describe("the register's SQL windows and the member-state rule", () => {
  const NOW = new Date("2030-06-15T12:00:00.000Z");
  const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
  const GRACE_DAYS = [30, 0, 7];
  const ends: (string | null)[] = [
    null,
    "not a date",
    at(0),
    at(1),
    at(-1),
    at(30 * DAY),
    at(30 * DAY + 1),
    at(30 * DAY - 1),
    at(-7 * DAY),
    at(-7 * DAY - 1),
    at(-30 * DAY),
    at(-30 * DAY + 1),
    at(-30 * DAY - 1),
    "2030-06-15",
    "2030-06-16",
    "2030-07-15",
    "2030-07-16",
    "2030-05-16",
    "2030-05-15",
    "2031-01-01",
    "2017-03-31",
    "2030-06-15 12:00:00",
  ];
  const records = ["active", "lapsed", "cancelled", "awaiting_payment"].flatMap((status) =>
    ends.flatMap((periodEnd, i) => [false, true].map((ending) => ({ userId: `agree-${status}-${i}-${ending ? "ending" : "renewing"}`, status, periodEnd, endsOn: ending ? (periodEnd ?? "2030-06-15") : null }))),
  );

  beforeAll(async () => {
    await env.DB.batch(
      records.map((r) =>
        env.DB.prepare(
          `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, ends_on)
           VALUES (?1, ?1 || '@agree.example', 'full-member', 'Full member', ?2, 'offline', ?3, ?4)`,
        ).bind(r.userId, r.status, r.periodEnd, r.endsOn),
      ),
    );
  });

  it.each(GRACE_DAYS)("put every record in the same state with %i grace days", async (graceDays) => {
    const store = createMembersRegisterStore(env.DB);
    for (const filter of REGISTER_FILTERS) {
      const query = { windows: stateWindows(filter, graceDays, NOW), order: REGISTER_ORDER[filter], search: "@agree.example" };
      const found = (await store.page(query, null, 1_000)).map(({ row }) => row.record.userId).sort();
      const expected = records
        .filter((r) => filter === "all" || memberState({ status: r.status as MembershipStatus, periodEnd: r.periodEnd, endsOn: r.endsOn }, graceDays, NOW).kind === filter)
        .map((r) => r.userId)
        .sort();
      expect(found, filter).toEqual(expected);
      expect((await store.count(query, 10_000)).count, filter).toBe(expected.length);
    }
  });
});
