/**
 * Bringing existing members across at /staff/members/import, against real D1, the real Strapi's
 * membership types and the Firebase Auth emulator. The upload stores the file and hands it to the
 * jobs queue; here the test is the queue's consumer (the Worker's own `queue` handler, one message
 * at a time) until the import has finished, then reads the import's page as staff would. The dry
 * run writes nothing, the real run writes every member and a second run changes nothing, bad
 * files change nothing and say why, only staff may use it (with the CSRF token), and an imported
 * record is claimed only through a verified address.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { IMPORT_COLUMNS } from "../../src/domain/member-import";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { finishImport, importIdIn } from "../support/worker/member-import";
import { expectStaffHeaders, signedInStaff } from "../support/worker/staff";
import { fakeStripe, stripeRequests } from "../support/worker/stripe";

const PATH = "/staff/members/import";
let staff: TestBrowser;
let files = 0;

beforeAll(async () => {
  staff = await signedInStaff();
});

/** A tag unique to one test, for its addresses. */
const tag = () => `imp${Date.now().toString(36)}${(files++).toString(36)}`;

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number] | "stripe_customer_id" | "stripe_subscription_id" | (typeof HISTORY_COLUMNS)[number], string>>;
/** A payment under the old system and a CPD activity a row: columns the import reads without a mapping screen. */
const HISTORY_COLUMNS = ["payment_1_date", "payment_1_amount", "payment_1_reference", "cpd_1_date", "cpd_1_title", "cpd_1_hours"] as const;
const row = (email: string, overrides: Row = {}): Row => ({
  email,
  name: "Ada Lovelace",
  membership_type: "Full member",
  status: "active",
  period_start: "2026-01-01",
  period_end: "2099-12-31",
  member_number: "",
  address: "1 Guild Street\nBristol",
  payment_method: "offline",
  consents: "newsletter",
  ...overrides,
});
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: Row[], columns: readonly string[] = IMPORT_COLUMNS) =>
  [columns.join(","), ...rows.map((r) => columns.map((c) => quote((r as Record<string, string>)[c] ?? "")).join(","))].join("\r\n") + "\r\n";

type UploadFields = { mode?: string; invite?: boolean; csrf?: string | null };

async function upload(browser: TestBrowser, file: string | Uint8Array, fields: UploadFields = {}): Promise<Response> {
  const form = new FormData();
  const token = fields.csrf === undefined ? await browser.csrfToken() : fields.csrf;
  if (token !== null) form.set("csrfToken", token);
  form.set("file", new File([file], "members.csv", { type: "text/csv" }));
  if (fields.mode) form.set("mode", fields.mode);
  if (fields.invite) form.set("invite", "on");
  return browser.fetch(PATH, { method: "POST", body: form });
}

/**
 * Uploads as staff do, and follows the import to its end: the import's page once the job has
 * finished (200), or the form refusing the file as a whole (422).
 */
async function runImport(browser: TestBrowser, file: string | Uint8Array, fields: UploadFields = {}): Promise<{ status: number; html: string; importId: number | null }> {
  const response = await upload(browser, file, fields);
  if (response.status !== 303) return { status: response.status, html: await response.text(), importId: null };
  const importId = importIdIn(response);
  await finishImport(importId);
  const page = await browser.fetch(`${PATH}/${importId}`);
  expect(page.headers.get("Refresh"), "a finished import's page does not reload itself").toBeNull();
  return { status: page.status, html: await page.text(), importId };
}

/** Everything the import may have written for these addresses. */
const snapshot = async (emails: string[]) => ({
  records: (
    await env.DB.prepare(
      `SELECT user_id, email, import_email, membership_slug, status, period_start, period_end, member_number, member_name, postal_address, consents, payment_method, updated_at
       FROM memberships WHERE email IN (SELECT value FROM json_each(?1)) ORDER BY email`,
    )
      .bind(JSON.stringify(emails))
      .all()
  ).results,
  invitations: (
    await env.DB.prepare("SELECT recipient, kind, dedupe_key FROM email_outbox WHERE recipient IN (SELECT value FROM json_each(?1)) ORDER BY recipient")
      .bind(JSON.stringify(emails))
      .all()
  ).results,
  audits: (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'members.imported'").first<{ n: number }>())!.n,
});

const highestNumber = async () => (await env.DB.prepare("SELECT COALESCE(MAX(member_number), 0) AS n FROM memberships").first<{ n: number }>())!.n;

describe("the import page", () => {
  it("shows staff the form, privately", async () => {
    const response = await staff.fetch(PATH);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const html = await response.text();
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('name="csrfToken"');
    expect(html).toContain('<label class="field__label" for="file">');
    expect(html).toContain(IMPORT_COLUMNS.join(", "));
  });

  it("is a 404 for visitors and signed-in non-staff, GET and POST, and writes nothing", async () => {
    const email = `${tag()}@example.org`;
    const user = await createUser();
    const signedIn = new TestBrowser();
    await signedIn.signIn(user.email, user.password);
    for (const browser of [new TestBrowser(), signedIn]) {
      expect((await browser.fetch(PATH)).status).toBe(404);
      expect((await upload(browser, csv([row(email)]), { mode: "import" })).status).toBe(404);
    }
    expect((await snapshot([email])).records).toEqual([]);
  });

  it("refuses a staff upload without the CSRF token, or from another site, and writes nothing", async () => {
    const email = `${tag()}@example.org`;
    expect((await upload(staff, csv([row(email)]), { mode: "import", csrf: null })).status).toBe(403);
    expect((await upload(staff, csv([row(email)]), { mode: "import", csrf: "forged" })).status).toBe(403);
    const form = new FormData();
    form.set("csrfToken", await staff.csrfToken());
    form.set("mode", "import");
    form.set("file", new File([csv([row(email)])], "members.csv"));
    expect((await staff.fetch(PATH, { method: "POST", body: form, headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await snapshot([email])).records).toEqual([]);
  });
});

describe("a good file", () => {
  it("dry run: lists every member it would create and writes nothing", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`];
    const before = await snapshot(emails);
    const { status, html } = await runImport(staff, csv([row(emails[0]!), row(emails[1]!, { name: "Bob Brunel", membership_type: "associate" })]), { mode: "check", invite: true });
    expect(status).toBe(200);
    expect(html).toContain("Dry run: nothing has been written.");
    expect(html).toContain("2 members: 2 to create, 0 to change, 0 unchanged, 0 skipped.");
    expect(html).toContain(emails[0]);
    expect(html).toContain("Bob Brunel");
    expect(await snapshot(emails)).toEqual(before);
    expect(before.records).toEqual([]);
  });

  it("real run: writes each member under its address, keeps given numbers, gives the next to an active member without one; a second run changes nothing", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`, `${t}-c@example.org`];
    const given = (await highestNumber()) + 1000;
    const file = csv([
      row(emails[0]!.toUpperCase(), { member_number: String(given) }),
      row(emails[1]!, { name: "Bob, the builder", status: "lapsed", period_start: "2025-01-01", period_end: "2025-12-31", member_number: "", payment_method: "card", consents: "" }),
      row(emails[2]!, { member_number: "" }),
    ]);
    const first = await runImport(staff, file, { mode: "import" });
    const firstHtml = first.html;
    expect(firstHtml).not.toContain("Problems, by line");
    expect(first.status).toBe(200);
    expect(firstHtml).toContain("3 members: 3 created, 0 changed, 0 unchanged, 0 skipped.");
    const after = await snapshot(emails);
    expect(after.records).toEqual([
      expect.objectContaining({
        user_id: `email:${emails[0]}`,
        email: emails[0],
        import_email: emails[0],
        membership_slug: "full-member",
        status: "active",
        period_end: "2099-12-31",
        member_number: given,
        member_name: "Ada Lovelace",
        postal_address: "1 Guild Street\nBristol",
        consents: '["newsletter"]',
      }),
      // Lapsed and never activated here: no number until it is active.
      expect.objectContaining({ user_id: `email:${emails[1]}`, status: "lapsed", member_number: null, member_name: "Bob, the builder", payment_method: "card", consents: "[]" }),
      // Numbers continue after the highest, which the file just set.
      expect.objectContaining({ user_id: `email:${emails[2]}`, status: "active", member_number: given + 1 }),
    ]);
    expect(after.invitations).toEqual([]);

    const again = await runImport(staff, file, { mode: "import" });
    expect(again.status).toBe(200);
    expect(again.html).toContain("3 members: 0 created, 0 changed, 3 unchanged, 0 skipped.");
    expect(await snapshot(emails)).toEqual(after);
  });

  it("changes what changed, and lists the changes before writing them", async () => {
    const t = tag();
    const email = `${t}@example.org`;
    await runImport(staff, csv([row(email)]), { mode: "import" });
    const changed = csv([row(email, { status: "lapsed", period_end: "2026-06-30" })]);
    const dry = (await runImport(staff, changed, { mode: "check" })).html;
    expect(dry).toContain("status: active → lapsed; period end: 2099-12-31 → 2026-06-30");
    expect((await snapshot([email])).records[0]).toMatchObject({ status: "active" });
    await runImport(staff, changed, { mode: "import" });
    expect((await snapshot([email])).records[0]).toMatchObject({ status: "lapsed", period_end: "2026-06-30" });
  });

  it("invites each member who has not signed in, once, through the outbox", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`];
    const file = csv([row(emails[0]!), row(emails[1]!, { status: "cancelled" })]);
    const response = await runImport(staff, file, { mode: "import", invite: true });
    expect(response.html).toContain("1 invitation to claim their membership will be sent: 1 handed to e-mail, 0 queued.");
    const { invitations } = await snapshot(emails);
    expect(invitations).toEqual([{ recipient: emails[0], kind: "claim-invitation", dedupe_key: `claim-invitation:${emails[0]}` }]);
    const message = await env.DB.prepare("SELECT subject, data FROM email_outbox WHERE recipient = ?1").bind(emails[0]).first<{ subject: string; data: string }>();
    expect(message!.subject).toBe("Claim your Full member online");
    expect(JSON.parse(message!.data)).toMatchObject({ name: "Ada Lovelace", email: emails[0] });

    const audits = (await snapshot(emails)).audits;
    const again = await runImport(staff, file, { mode: "import", invite: true });
    expect(again.html).not.toContain("to claim their membership will be sent");
    expect(await snapshot(emails)).toMatchObject({ invitations, audits });
  });
});

describe("card payers with their Stripe customer and subscription", () => {
  it("links the ids Stripe confirms to the record, so Stripe keeps renewing the member (the FAKE Stripe API)", async () => {
    const t = tag();
    const emails = [`${t}-renewing@example.org`, `${t}-by-hand@example.org`];
    const customer = await fakeStripe<{ id: string }>("/__customers", { body: JSON.stringify({ email: emails[0] }) });
    const subscription = await fakeStripe<{ id: string }>("/__subscriptions", { body: JSON.stringify({ customer: customer.id }) });
    const lone = await fakeStripe<{ id: string }>("/__customers", { body: JSON.stringify({ email: emails[1] }) });
    const file = csv(
      [
        row(emails[0]!, { payment_method: "card", stripe_customer_id: customer.id, stripe_subscription_id: subscription.id }),
        row(emails[1]!, { payment_method: "card", stripe_customer_id: lone.id }),
      ],
      [...IMPORT_COLUMNS, "stripe_customer_id", "stripe_subscription_id"],
    );
    const { html } = await runImport(staff, file, { mode: "import" });
    expect(html).not.toContain("Problems, by line");
    expect(html).toContain("2 members: 2 created");
    const linked = (
      await env.DB.prepare("SELECT email, payment_method, stripe_customer_id, stripe_subscription_id FROM memberships WHERE email IN (SELECT value FROM json_each(?1)) ORDER BY email")
        .bind(JSON.stringify(emails))
        .all()
    ).results;
    expect(linked).toEqual([
      { email: emails[1], payment_method: "card", stripe_customer_id: lone.id, stripe_subscription_id: null },
      { email: emails[0], payment_method: "card", stripe_customer_id: customer.id, stripe_subscription_id: subscription.id },
    ]);
    // Checked with Stripe: the subscription (which names its customer), and the customer without one.
    const asked = (await stripeRequests()).filter((r) => r.method === "GET").map((r) => r.path);
    expect(asked).toEqual(expect.arrayContaining([`/v1/subscriptions/${subscription.id}`, `/v1/customers/${lone.id}`]));
  });
});

/** `count` rows for addresses `<t>-<i>@example.org`; every third has a two-line address, every other a member number from `firstNumber`. */
const manyRows = (t: string, count: number, firstNumber: number, overrides: (i: number) => Row = () => ({})) =>
  Array.from({ length: count }, (_, i) =>
    row(`${t}-${i}@example.org`, {
      member_number: i % 2 ? "" : String(firstNumber + i),
      status: i % 7 ? "active" : "lapsed",
      address: i % 3 ? "1 Guild Street" : "1 Guild Street\nBristol",
      ...overrides(i),
    }),
  );

const importedCount = async (t: string) =>
  (await env.DB.prepare("SELECT count(*) AS n, count(DISTINCT member_number) AS numbers, count(member_number) AS numbered FROM memberships WHERE import_email LIKE ?1 || '-%'")
    .bind(t)
    .first<{ n: number; numbers: number; numbered: number }>())!;

/** The earlier payments and CPD entries the import recorded for the members of `<t>-…`. */
const historyCount = async (t: string) =>
  (await env.DB.prepare(
    `SELECT (SELECT count(*) FROM imported_payments WHERE user_id IN (SELECT user_id FROM memberships WHERE import_email LIKE ?1 || '-%')) AS payments,
            (SELECT count(*) FROM cpd_entries WHERE user_id IN (SELECT user_id FROM memberships WHERE import_email LIKE ?1 || '-%')) AS cpd`,
  )
    .bind(t)
    .first<{ payments: number; cpd: number }>())!;

/** The D1 queries each job invocation logged (src/index.ts: member_import.invocation). */
function invocationQueries() {
  const seen: number[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    const event = typeof line === "string" && line.startsWith("{") ? (JSON.parse(line) as { event?: string; d1Queries?: number }) : null;
    if (event?.event === "member_import.invocation") seen.push(event.d1Queries!);
  });
  return { seen, restore: () => spy.mockRestore() };
}

describe("a file of 60,000 members", () => {
  it("is stored by the upload, checked and written by the jobs queue a chunk at a time, every row once with its history, each invocation well inside D1's query limit; a rerun changes nothing", { timeout: 900_000 }, async () => {
    const t = tag();
    const first = (await highestNumber()) + 10_000_000;
    const history = (i: number): Row => ({
      payment_1_date: "01/01/2025",
      payment_1_amount: "85.00",
      payment_1_reference: `OLD-${i}`,
      ...(i % 2 ? { cpd_1_date: "2025-02-01", cpd_1_title: "Case review", cpd_1_hours: "1.5" } : {}),
    });
    const file = csv(manyRows(t, 60_000, first, history), [...IMPORT_COLUMNS, ...HISTORY_COLUMNS]);
    const audits = (await snapshot([])).audits;
    const queries = invocationQueries();
    let result;
    try {
      const response = await upload(staff, file, { mode: "import" });
      expect(response.status).toBe(303);
      const importId = importIdIn(response);
      // Stored before the request answered: every row is in D1, none written yet.
      expect((await env.DB.prepare("SELECT count(*) AS n FROM member_import_rows WHERE import_id = ?1").bind(importId).first<{ n: number }>())!.n).toBe(60_000);
      expect((await importedCount(t)).n).toBe(0);
      const progress = await staff.fetch(`${PATH}/${importId}`);
      expect(progress.headers.get("Refresh")).toBe("3");
      expect(await progress.text()).toMatch(/Checking: \d+ of 60000 rows checked/);
      await finishImport(importId);
      result = await (await staff.fetch(`${PATH}/${importId}`)).text();
    } finally {
      queries.restore();
    }
    expect(result).toContain("60000 members: 60000 created, 0 changed, 0 unchanged, 0 skipped.");
    const written = await importedCount(t);
    // Every row written once, every active or numbered member with a number of their own.
    expect(written.n).toBe(60_000);
    expect(written.numbers).toBe(written.numbered);
    expect(written.numbered).toBeGreaterThanOrEqual(30_000);
    expect((await snapshot([])).audits).toBe(audits + 1);
    expect(queries.seen.length).toBeGreaterThan(6);
    expect(Math.max(...queries.seen)).toBeLessThan(150);
    console.info(`60,000 rows: ${queries.seen.length} job invocations, at most ${Math.max(...queries.seen)} D1 queries each`);
    expect(await historyCount(t)).toEqual({ payments: 60_000, cpd: 30_000 });

    const again = await runImport(staff, file, { mode: "import" });
    expect(again.html).toContain("60000 members: 0 created, 0 changed, 60000 unchanged, 0 skipped.");
    expect(await historyCount(t)).toEqual({ payments: 60_000, cpd: 30_000 });
  });

  it("with one bad row and one address twice, far apart: nothing is written, and each problem is listed with its line", { timeout: 300_000 }, async () => {
    const t = tag();
    const rows = manyRows(t, 12_000, (await highestNumber()) + 20_000_000, (i) =>
      i === 11_500 ? { period_end: "2026-02-30" } : i === 9_000 ? { email: `${t}-3@example.org`, member_number: "" } : {},
    );
    const { status, html } = await runImport(staff, csv(rows), { mode: "import", invite: true });
    expect(status).toBe(200);
    expect(html).toContain("2 problems in the file. Nothing has been imported.");
    expect(html).toContain("2026-02-30 is not a real date");
    // Row 3 (line 5: lines 2 and 5 hold two-line addresses) is the first with that address.
    expect(html).toMatch(new RegExp(`${t}-3@example.org is also on line \\d+: each member once`));
    expect(html).toContain("<td>period_end</td>");
    expect((await importedCount(t)).n).toBe(0);
    expect((await snapshot([`${t}-1@example.org`])).invitations).toEqual([]);
  });
});

describe("a clean dry run", () => {
  it("is imported from its page without uploading the file again: checked once more, then written", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`];
    const dry = await runImport(staff, csv(emails.map((email) => row(email))), { mode: "check" });
    expect(dry.html).toContain("Dry run: nothing has been written.");
    expect(dry.html).toContain(`action="/staff/members/import/${dry.importId}/import"`);
    expect((await snapshot(emails)).records).toEqual([]);

    const form = new FormData();
    form.set("csrfToken", await staff.csrfToken());
    const started = await staff.fetch(`${PATH}/${dry.importId}/import`, { method: "POST", body: form });
    expect(started.status).toBe(303);
    await finishImport(dry.importId!);
    expect(await (await staff.fetch(`${PATH}/${dry.importId}`)).text()).toContain("2 members: 2 created");
    expect((await snapshot(emails)).records).toHaveLength(2);
    // Only once: it is no longer a dry run.
    const form2 = new FormData();
    form2.set("csrfToken", await staff.csrfToken());
    expect((await staff.fetch(`${PATH}/${dry.importId}/import`, { method: "POST", body: form2 })).status).toBe(409);
  });
});

describe("a bad file", () => {
  const expectRefused = async (file: string | Uint8Array, emails: string[], ...messages: string[]) => {
    const before = await snapshot(emails);
    for (const mode of ["check", "import"]) {
      // A file that cannot be read at all is refused by the upload (422); row problems are on the import's page.
      const { status, html } = await runImport(staff, file, { mode, invite: true });
      expect([200, 422]).toContain(status);
      expect(html).toContain("Nothing has been imported.");
      for (const message of messages) expect(html).toContain(message);
    }
    expect(await snapshot(emails)).toEqual(before);
  };

  it("not UTF-8 (a spreadsheet's Windows-1252 export)", async () => {
    const email = `${tag()}@example.org`;
    const text = csv([row(email, { name: "Zoe" })]);
    const bytes = new TextEncoder().encode(text);
    const latin1 = new Uint8Array(bytes.length);
    latin1.set(bytes);
    latin1[bytes.indexOf("Z".charCodeAt(0)) + 2] = 0xeb; // "Zoë" in Windows-1252
    await expectRefused(latin1, [email], "The file is not UTF-8 text.");
  });

  it("missing columns: the file waits on the mapping screen, which says what has no column, and nothing is written", async () => {
    const email = `${tag()}@example.org`;
    const { status, html } = await runImport(staff, csv([row(email)], IMPORT_COLUMNS.filter((c) => c !== "status" && c !== "consents")), { mode: "import" });
    expect(status).toBe(200);
    expect(html).toContain("Choose a column for: Membership status (active, lapsed, cancelled)");
    expect((await snapshot([email])).records).toEqual([]);
  });

  it("the same address twice", async () => {
    const email = `${tag()}@example.org`;
    await expectRefused(csv([row(email), row(email.toUpperCase())]), [email], `${email} is also on line 2: each member once`);
  });

  it("impossible dates and unknown types, with the line and column of each, while the good rows wait", async () => {
    const t = tag();
    const emails = [`${t}-good@example.org`, `${t}-bad@example.org`, `${t}-worse@example.org`];
    await expectRefused(
      csv([row(emails[0]!), row(emails[1]!, { period_end: "2026-02-30" }), row(emails[2]!, { membership_type: "Platinum" })]),
      emails,
      "2026-02-30 is not a real date",
      "&quot;Platinum&quot; is not a membership type. The site has: ",
      "<td>period_end</td>",
      "<td>membership_type</td>",
    );
  });

  it("Stripe ids Stripe does not know, or that do not belong together: each with its line and column (the FAKE Stripe API)", async () => {
    const t = tag();
    const emails = [`${t}-good@example.org`, `${t}-unknown@example.org`, `${t}-foreign@example.org`];
    const customer = await fakeStripe<{ id: string }>("/__customers", { body: JSON.stringify({ email: emails[0] }) });
    const other = await fakeStripe<{ id: string }>("/__customers", { body: JSON.stringify({}) });
    const subscription = await fakeStripe<{ id: string }>("/__subscriptions", { body: JSON.stringify({ customer: customer.id }) });
    const columns = [...IMPORT_COLUMNS, "stripe_customer_id", "stripe_subscription_id"];
    const card = { payment_method: "card" };
    await expectRefused(
      csv(
        [
          row(emails[0]!, { ...card, stripe_customer_id: customer.id, stripe_subscription_id: subscription.id }),
          row(emails[1]!, { ...card, stripe_customer_id: "cus_test_doesnotexist" }),
          row(emails[2]!, { ...card, stripe_customer_id: other.id, stripe_subscription_id: subscription.id }),
        ],
        columns,
      ),
      emails,
      "Stripe has no customer cus_test_doesnotexist: check the id in Stripe&#x27;s dashboard",
      `Subscription ${subscription.id} belongs to Stripe customer ${customer.id}, not ${other.id}`,
      "<td>stripe_subscription_id</td>",
    );
  });

  it("a member number someone else holds", async () => {
    const t = tag();
    const taken = (await highestNumber()) + 500;
    await runImport(staff, csv([row(`${t}-holder@example.org`, { member_number: String(taken) })]), { mode: "import" });
    await expectRefused(csv([row(`${t}-other@example.org`, { member_number: String(taken) })]), [`${t}-other@example.org`], `Member number ${taken} already belongs to another member`);
  });

  it("an empty file, or no file at all", async () => {
    await expectRefused("", [], "The file is empty.");
    const form = new FormData();
    form.set("csrfToken", await staff.csrfToken());
    expect((await staff.fetch(PATH, { method: "POST", body: form })).status).toBe(400);
  });
});

describe("an imported member", () => {
  it("is claimed only through a verified address, then sees their number and can print a proof", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const number = (await highestNumber()) + 10;
    await runImport(staff, csv([row(user.email, { name: "Imogen Imported", member_number: String(number) })]), { mode: "import" });

    const unverified = new TestBrowser();
    await unverified.signIn(user.email, user.password);
    expect(await (await unverified.fetch("/user/membership")).text()).toContain("You are not a member yet.");
    expect((await unverified.fetch("/user/membership/proof")).status).toBe(404);
    expect((await snapshot([user.email])).records[0]).toMatchObject({ user_id: `email:${user.email}` });

    await verifyEmail(user.email, user.password);
    const member = new TestBrowser();
    await member.signIn(user.email, user.password);
    expect((await snapshot([user.email])).records[0]).toMatchObject({ user_id: user.uid, import_email: user.email });
    const page = await (await member.fetch("/user/membership")).text();
    expect(page).toContain("Member number");
    expect(page).toContain(String(number));
    expect(page).toContain('href="/user/membership/proof"');
    const proof = await member.fetch("/user/membership/proof");
    expect(proof.status).toBe(200);
    expect(proof.headers.get("Cache-Control")).toContain("private");
    const html = await proof.text();
    for (const fact of ["Proof of membership", "Imogen Imported", String(number), "Full member", "31 December 2099"]) expect(html).toContain(fact);

    // A claimed record is the member's now: the old file no longer changes it.
    const rerun = (await runImport(staff, csv([row(user.email, { name: "Imogen Imported", member_number: String(number), status: "lapsed" })]), { mode: "check" })).html;
    expect(rerun).toContain("Its owner has signed in and claimed it");
  });
});

describe("member numbers", () => {
  it("are given when a membership is activated (a staff payment), after the highest, and kept through a lapse", async () => {
    const t = tag();
    const highest = (await highestNumber()) + 77;
    await runImport(staff, csv([row(`${t}-imported@example.org`, { member_number: String(highest) })]), { mode: "import" });
    const userId = `user-${t}`;
    const id = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
         VALUES (?1, ?2, ?3, ?4, ?5, 'Nia', 'New', 'full-member', 'Full member', 'offline', 22000, 'awaiting_payment', '{}')`,
      ).bind(id, crypto.randomUUID(), `GH-${t.toUpperCase()}`, userId, `${t}@example.org`),
      env.DB.prepare("INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method) VALUES (?1, ?2, ?3, 'full-member', 'Full member', 'awaiting_payment', 'offline')").bind(
        userId,
        `${t}@example.org`,
        id,
      ),
    ]);
    const numberOf = async () => (await env.DB.prepare("SELECT member_number FROM memberships WHERE user_id = ?1").bind(userId).first<{ member_number: number | null }>())!.member_number;
    expect(await numberOf()).toBeNull();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect((await staff.post(`/staff/applications/${id}/payment`, { amount: "220.00", receivedOn: today, paymentReference: "BACS 1" })).status).toBe(303);
    expect(await numberOf()).toBe(highest + 1);

    await env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = ?1").bind(userId).run();
    await env.DB.prepare("UPDATE memberships SET status = 'active' WHERE user_id = ?1").bind(userId).run();
    expect(await numberOf()).toBe(highest + 1);
  });

  it("never repeat: activations at once each take their own number", async () => {
    const t = tag();
    const ids = Array.from({ length: 8 }, (_, i) => `race-${t}-${i}`);
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare("INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES (?1, ?2, 'full-member', 'Full member', 'awaiting_payment', 'offline')").bind(
          id,
          `${id}@example.org`,
        ),
      ),
    );
    const start = await highestNumber();
    await Promise.all(ids.map((id) => env.DB.prepare("UPDATE memberships SET status = 'active' WHERE user_id = ?1").bind(id).run()));
    const { results } = await env.DB.prepare("SELECT member_number FROM memberships WHERE user_id IN (SELECT value FROM json_each(?1)) ORDER BY member_number")
      .bind(JSON.stringify(ids))
      .all<{ member_number: number }>();
    expect(results.map((r) => r.member_number)).toEqual(ids.map((_, i) => start + i + 1));
  });
});
