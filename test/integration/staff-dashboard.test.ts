/**
 * The staff dashboard against real D1: membership records, payments and refunds written as the
 * flows write them (test/support/worker/ledger-seed.ts) in the last three months, and the figures
 * read back from each chart's table alternative; the SVG is one named image per chart.
 */
import { env } from "cloudflare:test";
import type { Element } from "hast";
import { beforeAll, describe, expect, it } from "vitest";
import { lastMonths, monthLabel } from "../../src/shared/charts/months";
import { londonDate } from "../../src/shared/london-date";
import { parsedElements } from "../support/parsed-html";
import { createUser, verifyEmail, type TestBrowser } from "../support/worker/browser";
import { seedMembershipPayment, seedOrderPayment, seedRefund } from "../support/worker/ledger-seed";
import { expectStaffHeaders, signedInStaff } from "../support/worker/staff";

const text = (node: Element): string => node.children.map((child) => (child.type === "text" ? child.value : child.type === "element" ? text(child) : "")).join("");

/** The rows of the table captioned `caption`, each as its cells' text. */
function tableRows(html: string, caption: string): string[][] {
  const table = parsedElements(html).find((t) => t.tagName === "table" && t.children.some((c) => c.type === "element" && c.tagName === "caption" && text(c) === caption));
  expect(table, `a table captioned “${caption}”`).toBeTruthy();
  const found: string[][] = [];
  const walk = (node: Element) => {
    if (node.tagName === "tr") found.push(node.children.filter((c): c is Element => c.type === "element").map((cell) => text(cell).trim()));
    else node.children.forEach((c) => c.type === "element" && walk(c));
  };
  walk(table!);
  return found;
}

const months = lastMonths(londonDate(new Date()), 12);
const [twoAgo, lastMonth, thisMonth] = months.slice(-3) as [string, string, string];
const GRACE_DAYS = Number(env.MEMBERSHIP_GRACE_DAYS);

async function membership(userId: string, title: string, status: string, periodEnd: string | null = null) {
  await env.DB.prepare(
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?2, ?3, ?4, ?5, 'offline', ?6)`,
  )
    .bind(userId, `${userId}@example.org`, title.toLowerCase().replace(/\W+/g, "-"), title, status, periodEnd)
    .run();
}

/** The day `days` before the 15th of `month`. */
const daysBefore15th = (month: string, days: number) => new Date(Date.parse(`${month}-15T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

let admin: TestBrowser;

beforeAll(async () => {
  admin = await signedInStaff();
  // Joins: A two months ago (its card subscription renews this month), C last month, B this month.
  const a = await seedMembershipPayment(`${twoAgo}-15`, "card", 12_000, { title: "Full member", userId: "member-a" });
  await seedMembershipPayment(`${thisMonth}-01`, "card", 12_000, { applicationId: a.applicationId!, userId: "member-a" });
  await seedMembershipPayment(`${lastMonth}-15`, "offline", 6_000, { title: "Associate", userId: "member-c" });
  await seedMembershipPayment(`${thisMonth}-01`, "offline", 12_000, { title: "Full member", userId: "member-b" });
  // An offline renewal last month, and a lapse last month (grace ended on its 15th).
  await seedMembershipPayment(`${lastMonth}-15`, "offline", 12_000, { title: "Full member", kind: "renewal", userId: "member-d" });
  // Webinars this month: 45.50 received, 10.00 refunded.
  const order = await seedOrderPayment(`${thisMonth}-01`, "card", [{ pence: 4550, treatment: "standard" }]);
  await seedRefund(order, `${thisMonth}-01`, "card", 1000);

  await membership("member-a", "Full member", "active", "2027-01-01");
  await membership("member-b", "Full member", "active", "2027-01-01");
  await membership("member-d", "Full member", "active", "2027-01-01");
  await membership("member-e", "Full member", "lapsed", daysBefore15th(lastMonth, GRACE_DAYS));
  await membership("member-c", "Associate", "active", "2027-01-01");
  await membership("member-f", "Associate", "awaiting_payment");
  await membership("member-g", "Associate", "cancelled", "2025-01-01");
});

describe("the dashboard", () => {
  let html: string;
  beforeAll(async () => {
    const response = await admin.fetch("/staff/dashboard");
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    html = await response.text();
  });

  it("counts members by type and status", () => {
    expect(tableRows(html, "Members by type and status")).toEqual([
      ["Membership type", "Active", "Awaiting payment", "Lapsed", "Cancelled"],
      ["Associate", "1", "1", "0", "1"],
      ["Full member", "3", "0", "1", "0"],
    ]);
  });

  it("counts joins, lapses and renewals by month, the last twelve", () => {
    const rows = tableRows(html, "Joins, lapses and renewals by month");
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["Month", "Joins", "Lapses", "Renewals"]);
    expect(rows.slice(-3)).toEqual([
      [monthLabel(twoAgo), "1", "0", "0"],
      [monthLabel(lastMonth), "1", "1", "1"],
      [monthLabel(thisMonth), "1", "0", "1"],
    ]);
    expect(rows[1]![0]).toBe(monthLabel(months[0]!));
  });

  it("gives the renewal rate as renewals over renewals and lapses, and says when none was due", () => {
    expect(tableRows(html, "Renewal rate by month").slice(-3)).toEqual([
      [monthLabel(twoAgo), "— (none due)"],
      [monthLabel(lastMonth), "50%"],
      [monthLabel(thisMonth), "100%"],
    ]);
  });

  it("adds up revenue by stream, less refunds", () => {
    expect(tableRows(html, "Revenue by stream and month").slice(-3)).toEqual([
      [monthLabel(twoAgo), "£120", "£0"],
      [monthLabel(lastMonth), "£180", "£0"],
      [monthLabel(thisMonth), "£240", "£35.50"],
    ]);
  });

  it("draws each chart as one named, described SVG image, with no script", () => {
    const svgs = parsedElements(html).filter((e) => e.tagName === "svg");
    expect(svgs).toHaveLength(4);
    for (const [id, title] of [
      ["members", "Members by type and status"],
      ["joins-lapses", "Joins, lapses and renewals by month"],
      ["renewal-rate", "Renewal rate by month"],
      ["revenue", "Revenue by stream and month"],
    ]) {
      expect(html).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-labelledby="${id}-title ${id}-desc"`));
      expect(html).toContain(`<title id="${id}-title">${title}</title>`);
      expect(html).toMatch(new RegExp(`<desc id="${id}-desc">[^<]+</desc>`));
      // The table alternative sits right after its chart, in a <details>.
      expect(html).toContain(`<summary>${title}: the figures as a table</summary>`);
    }
    expect(html).toContain("£540 from membership and £35.50 from webinars");
    // No script draws them: the page loads only the site's own islands (the cart badge).
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/islands\/cart-badge-/)]);
  });
});

describe("who may see the dashboard", () => {
  it("lets every staff role read it", async () => {
    for (const role of ["membership", "finance", "read_only"] as const) {
      const user = await createUser();
      await verifyEmail(user.email, user.password);
      expect((await admin.post("/staff/team", { email: user.email, role })).status).toBe(303);
      expect((await (await signedInStaff(user)).fetch("/staff/dashboard")).status, role).toBe(200);
    }
  });
});

describe("members by type and status, kept as the records change", () => {
  const rollUp = async () =>
    (await env.DB.prepare("SELECT membership_title AS type, status, count FROM membership_counts WHERE count > 0 ORDER BY type, status").all<{ type: string; status: string; count: number }>()).results;
  const counted = async () =>
    (await env.DB.prepare("SELECT membership_title AS type, status, COUNT(*) AS count FROM memberships GROUP BY membership_title, status ORDER BY type, status").all<{ type: string; status: string; count: number }>())
      .results;

  it("agrees with the records after inserts, upserts, changes of status and type, and deletes", async () => {
    const insert = (id: string, status: string, title = "Roll-up member") =>
      env.DB.prepare(
        `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES (?1, ?1 || '@rollup.example', 'rollup', ?3, ?2, 'offline')
         ON CONFLICT (user_id) DO UPDATE SET status = excluded.status, membership_title = excluded.membership_title`,
      ).bind(id, status, title);
    await env.DB.batch([insert("rollup-1", "active"), insert("rollup-2", "active"), insert("rollup-3", "awaiting_payment")]);
    await env.DB.batch([
      insert("rollup-3", "active", "Roll-up associate"),
      env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = 'rollup-1'"),
      env.DB.prepare("UPDATE memberships SET email = 'unchanged@rollup.example' WHERE user_id = 'rollup-2'"),
      env.DB.prepare("DELETE FROM memberships WHERE user_id = 'rollup-2'"),
    ]);
    expect(await rollUp()).toEqual(await counted());
    expect((await rollUp()).filter((r) => r.type.startsWith("Roll-up"))).toEqual([
      { type: "Roll-up associate", status: "active", count: 1 },
      { type: "Roll-up member", status: "lapsed", count: 1 },
    ]);
  });
});
