/**
 * What the member import brings besides the record, against real D1, the real Strapi's membership
 * types and the Firebase Auth emulator: honorary, life and concession memberships (the office's
 * own columns of the record), each consent with the day the old system says it was given, and a
 * note for staff from the staff member importing. The dry run says per row what will happen;
 * a bad value anywhere (a date that is not a day, a consent dated in the future, an unknown special
 * status, a concession already over) refuses the whole file with the row and column, writing nothing.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../src/domain/member-import";
import type { TestBrowser } from "../support/worker/browser";
import { finishImport, importIdIn } from "../support/worker/member-import";
import { signedInStaff, STAFF } from "../support/worker/staff";

const PATH = "/staff/members/import";
let staff: TestBrowser;
let files = 0;

beforeAll(async () => {
  staff = await signedInStaff();
});

const tag = () => `std${Date.now().toString(36)}${(files++).toString(36)}`;

const COLUMNS = [...IMPORT_COLUMNS, "special_status", "concession_price", "concession_until", "concession_reason", "notes"] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string>>;
const row = (email: string, overrides: Row = {}): Row => ({
  email,
  name: "Ada Lovelace",
  membership_type: "Full member",
  status: "active",
  period_start: "2020-01-01",
  period_end: "2099-12-31",
  payment_method: "offline",
  ...overrides,
});
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: Row[]) => [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => quote(r[c] ?? "")).join(","))].join("\r\n") + "\r\n";

async function runImport(file: string, mode: "check" | "import"): Promise<{ importId: number; html: string }> {
  const form = new FormData();
  form.set("csrfToken", await staff.csrfToken());
  form.set("file", new File([file], "members.csv", { type: "text/csv" }));
  form.set("mode", mode);
  const response = await staff.fetch(PATH, { method: "POST", body: form });
  expect(response.status).toBe(303);
  const importId = importIdIn(response);
  await finishImport(importId);
  return {
    importId,
    html: await (await staff.fetch(`${PATH}/${importId}`)).text(),
  };
}

/** A page's words, without its markup. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** Everything the import may have written for these addresses. */
async function written(emails: string[]) {
  const all = async (sql: string) => (await env.DB.prepare(sql).bind(JSON.stringify(emails)).all()).results;
  const users = "(SELECT 'email:' || value FROM json_each(?1))";
  return {
    members: await all(
      `SELECT import_email, status, period_end, honour, concession_pence, concession_until, concession_reason
       FROM memberships WHERE import_email IN (SELECT value FROM json_each(?1)) ORDER BY import_email`,
    ),
    consents: await all(`SELECT user_id, topic, consented, given_at, given_via FROM member_consents WHERE user_id IN ${users} ORDER BY user_id, topic`),
    notes: await all(
      `SELECT user_id, body, staff_email, substr(created_at, 1, 10) AS day FROM member_notes WHERE user_id IN ${users} ORDER BY user_id, created_at`,
    ),
  };
}

describe("honorary, life and concession memberships, dated consents and notes", () => {
  it("dry run: says per row what will be written, and writes nothing", async () => {
    const t = tag();
    const emails = [`${t}-hon@example.org`, `${t}-con@example.org`];
    const { html } = await runImport(
      csv([
        row(emails[0]!, {
          special_status: "Honorary",
          period_end: "",
          consents: "newsletter:01/03/2019;events-near-me",
          notes: "Past president, 2015-2018",
        }),
        row(emails[1]!, {
          special_status: "concession",
          concession_price: "45.00",
          concession_until: "2099-06-30",
          concession_reason: "Parental leave",
        }),
      ]),
      "check",
    );
    const text = textOf(html);
    expect(text).toContain("Dry run: nothing has been written. 2 members: 2 to create");
    expect(text).toContain("Full member, honorary membership (no end, no renewals); consent newsletter given 2019-03-01; a note for staff");
    expect(text).toContain("Full member, active until 2099-12-31, concession £45.00 a year until 2099-06-30");
    expect(text).toContain("It brings 1 note for staff");
    expect(text).toContain("and 1 consent with the day it was given");
    expect(await written(emails)).toEqual({
      members: [],
      consents: [],
      notes: [],
    });
  });

  it("real run: honorary and life members in force without an end, a concession with its price, end and reason, consents on the day given, a note from the importing staff member; a rerun adds nothing", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`, `${t}-c@example.org`];
    const [a, b, c] = emails.map((e) => `email:${e}`);
    const file = csv([
      row(emails[0]!, {
        special_status: "honorary",
        period_end: "2024-12-31",
        consents: "newsletter:2019-03-01; research-and-journals",
        notes: "Past president\nGave the 2018 lecture",
      }),
      row(emails[1]!, {
        special_status: "Life member",
        consents: "events-near-me:15/06/2021",
      }),
      row(emails[2]!, {
        special_status: "concession",
        concession_price: "£45",
        concession_until: "30/06/2099",
        notes: "Asked for paper renewals",
      }),
    ]);
    const { html } = await runImport(file, "import");
    expect(html).not.toContain("Problems, by line");
    expect(textOf(html)).toContain("3 members: 3 created");
    const after = await written(emails);
    expect(after.members).toEqual([
      {
        import_email: emails[0],
        status: "active",
        period_end: null,
        honour: "honorary",
        concession_pence: null,
        concession_until: null,
        concession_reason: null,
      },
      {
        import_email: emails[1],
        status: "active",
        period_end: null,
        honour: "life",
        concession_pence: null,
        concession_until: null,
        concession_reason: null,
      },
      {
        import_email: emails[2],
        status: "active",
        period_end: "2099-12-31",
        honour: null,
        concession_pence: 4500,
        concession_until: "2099-06-30",
        concession_reason: "Concession brought across from the previous register",
      },
    ]);
    expect(after.consents).toEqual([
      {
        user_id: a,
        topic: "newsletter",
        consented: 1,
        given_at: "2019-03-01T00:00:00.000Z",
        given_via: "import",
      },
      // Without a date in the file: given as of the import.
      {
        user_id: a,
        topic: "research-and-journals",
        consented: 1,
        given_at: expect.stringMatching(new RegExp(`^${new Date().toISOString().slice(0, 10)}T`)),
        given_via: "import",
      },
      {
        user_id: b,
        topic: "events-near-me",
        consented: 1,
        given_at: "2021-06-15T00:00:00.000Z",
        given_via: "import",
      },
    ]);
    expect(after.notes).toEqual([
      {
        user_id: a,
        body: "Past president\nGave the 2018 lecture",
        staff_email: STAFF.email,
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
      {
        user_id: c,
        body: "Asked for paper renewals",
        staff_email: STAFF.email,
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);

    // The staff page shows the honour and the note on the timeline; the audit entry counts what came.
    const page = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(a!)}`)).text());
    expect(page).toContain("Honorary membership (no renewals, no reminders)");
    expect(page).toContain("Past president");
    const audit = await env.DB.prepare("SELECT details FROM staff_audit_log WHERE action = 'members.imported' ORDER BY id DESC LIMIT 1").first<{
      details: string;
    }>();
    expect(JSON.parse(audit!.details)).toMatchObject({
      created: 3,
      notes: 2,
      consentDates: 2,
    });

    const again = await runImport(file, "import");
    expect(textOf(again.html)).toContain("3 members: 0 created, 0 changed, 3 unchanged");
    expect(await written(emails)).toEqual(after);
  });

  it("an imported member who is made honorary in a later file: the change is listed, then written", async () => {
    const email = `${tag()}@example.org`;
    await runImport(csv([row(email)]), "import");
    const later = csv([row(email, { special_status: "life" })]);
    expect(textOf((await runImport(later, "check")).html)).toContain("honorary or life: (none) → life");
    await runImport(later, "import");
    expect((await written([email])).members).toEqual([expect.objectContaining({ honour: "life", period_end: null })]);
  });
});

describe("a file with a bad value in these columns", () => {
  it("is refused as a whole, each problem with its line and column, and nothing is written", async () => {
    const t = tag();
    const emails = Array.from({ length: 8 }, (_, i) => `${t}-${i}@example.org`);
    const { html } = await runImport(
      csv([
        row(emails[0]!, { notes: "A good row waits for the file to be fixed" }),
        row(emails[1]!, { consents: "newsletter:31/02/2020" }),
        row(emails[2]!, { consents: "newsletter:2099-01-01" }),
        row(emails[3]!, { special_status: "Fellow" }),
        row(emails[4]!, {
          special_status: "concession",
          concession_price: "45",
          concession_until: "2020-01-01",
        }),
        row(emails[5]!, {
          special_status: "concession",
          concession_until: "2099-01-01",
        }),
        row(emails[6]!, { special_status: "honorary", status: "lapsed" }),
        row(emails[7]!, { concession_price: "45" }),
      ]),
      "import",
    );
    expect(html).toContain("Nothing has been imported.");
    const problem = (line: number, column: string, message: string) =>
      expect(html).toContain(`<td class="staff-table__number">${line}</td><td>${column}</td><td>${message.replace(/"/g, "&quot;")}</td>`);
    problem(3, "consents", 'The date of consent "newsletter" 31/02/2020 is not a real date');
    problem(4, "consents", 'The date of consent "newsletter" (2099-01-01) is in the future: give the day it was given');
    problem(5, "special_status", '"Fellow" is not a special status: use honorary, life or concession, or leave it blank');
    problem(6, "concession_until", "The concession ended on 2020-01-01: leave it out, or give a day after today");
    problem(7, "concession_price", "A concession needs its yearly price: write it like 45.00");
    problem(8, "special_status", "An honorary membership is in force: set status to active, or leave special_status blank");
    problem(9, "concession_price", "concession_price is only for a concession: set special_status to concession, or leave it blank");
    expect(await written(emails)).toEqual({
      members: [],
      consents: [],
      notes: [],
    });
  });
});
