/**
 * Bringing existing members across at /staff/members/import, against real D1, the real Strapi's
 * membership types and the Firebase Auth emulator: the dry run writes nothing, the real run
 * writes every member in one go and a second run changes nothing, bad files change nothing and
 * say why, only staff may use it (with the CSRF token), and an imported record is claimed only
 * through a verified address.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../src/domain/member-import";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
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

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number] | "stripe_customer_id" | "stripe_subscription_id", string>>;
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

async function upload(browser: TestBrowser, file: string | Uint8Array, fields: { mode?: string; invite?: boolean; csrf?: string | null } = {}): Promise<Response> {
  const form = new FormData();
  const token = fields.csrf === undefined ? await browser.csrfToken() : fields.csrf;
  if (token !== null) form.set("csrfToken", token);
  form.set("file", new File([file], "members.csv", { type: "text/csv" }));
  if (fields.mode) form.set("mode", fields.mode);
  if (fields.invite) form.set("invite", "on");
  return browser.fetch(PATH, { method: "POST", body: form });
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
    const response = await upload(staff, csv([row(emails[0]!), row(emails[1]!, { name: "Bob Brunel", membership_type: "associate" })]), { mode: "check", invite: true });
    expect(response.status).toBe(200);
    const html = await response.text();
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
    const first = await upload(staff, file, { mode: "import" });
    const firstHtml = await first.text();
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

    const again = await upload(staff, file, { mode: "import" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("3 members: 0 created, 0 changed, 3 unchanged, 0 skipped.");
    expect(await snapshot(emails)).toEqual(after);
  });

  it("changes what changed, and lists the changes before writing them", async () => {
    const t = tag();
    const email = `${t}@example.org`;
    await upload(staff, csv([row(email)]), { mode: "import" });
    const changed = csv([row(email, { status: "lapsed", period_end: "2026-06-30" })]);
    const dry = await (await upload(staff, changed, { mode: "check" })).text();
    expect(dry).toContain("status: active → lapsed; period end: 2099-12-31 → 2026-06-30");
    expect((await snapshot([email])).records[0]).toMatchObject({ status: "active" });
    await upload(staff, changed, { mode: "import" });
    expect((await snapshot([email])).records[0]).toMatchObject({ status: "lapsed", period_end: "2026-06-30" });
  });

  it("invites each member who has not signed in, once, through the outbox", async () => {
    const t = tag();
    const emails = [`${t}-a@example.org`, `${t}-b@example.org`];
    const file = csv([row(emails[0]!), row(emails[1]!, { status: "cancelled" })]);
    const response = await upload(staff, file, { mode: "import", invite: true });
    expect(await response.text()).toContain("1 invitation to claim their membership will be sent.");
    const { invitations } = await snapshot(emails);
    expect(invitations).toEqual([{ recipient: emails[0], kind: "claim-invitation", dedupe_key: `claim-invitation:${emails[0]}` }]);
    const message = await env.DB.prepare("SELECT subject, data FROM email_outbox WHERE recipient = ?1").bind(emails[0]).first<{ subject: string; data: string }>();
    expect(message!.subject).toBe("Claim your Full member online");
    expect(JSON.parse(message!.data)).toMatchObject({ name: "Ada Lovelace", email: emails[0] });

    const audits = (await snapshot(emails)).audits;
    const again = await upload(staff, file, { mode: "import", invite: true });
    expect(await again.text()).not.toContain("invitation");
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
    const response = await upload(staff, file, { mode: "import" });
    const html = await response.text();
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

describe("a file larger than one statement's rows", () => {
  it("imports 1,200 members and invites each in one go (three statements of each), and a rerun changes nothing", { timeout: 30_000 }, async () => {
    const t = tag();
    const emails = Array.from({ length: 1_200 }, (_, i) => `${t}-${i}@example.org`);
    const file = csv(emails.map((email, i) => row(email, { member_number: i % 2 ? "" : String(2_000_000 + i), status: i % 7 ? "active" : "lapsed" })));
    const response = await upload(staff, file, { mode: "import", invite: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("1200 members: 1200 created, 0 changed, 0 unchanged, 0 skipped.");
    const after = await snapshot(emails);
    expect(after.records).toHaveLength(1_200);
    expect(after.invitations).toHaveLength(1_200);
    const numbers = after.records.map((r) => r.member_number).filter((n) => n !== null);
    expect(new Set(numbers).size).toBe(numbers.length);
    const again = await upload(staff, file, { mode: "import", invite: true });
    expect(await again.text()).toContain("1200 members: 0 created, 0 changed, 1200 unchanged, 0 skipped.");
    expect(await snapshot(emails)).toEqual(after);
  });
});

describe("a bad file", () => {
  const expectRefused = async (file: string | Uint8Array, emails: string[], ...messages: string[]) => {
    const before = await snapshot(emails);
    for (const mode of ["check", "import"]) {
      const response = await upload(staff, file, { mode, invite: true });
      expect(response.status).toBe(422);
      const html = await response.text();
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

  it("missing columns", async () => {
    const email = `${tag()}@example.org`;
    await expectRefused(csv([row(email)], IMPORT_COLUMNS.filter((c) => c !== "status" && c !== "consents")), [email], "Missing columns: status, consents.");
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
    await upload(staff, csv([row(`${t}-holder@example.org`, { member_number: String(taken) })]), { mode: "import" });
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
    await upload(staff, csv([row(user.email, { name: "Imogen Imported", member_number: String(number) })]), { mode: "import" });

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
    const rerun = await (await upload(staff, csv([row(user.email, { name: "Imogen Imported", member_number: String(number), status: "lapsed" })]), { mode: "check" })).text();
    expect(rerun).toContain("Its owner has signed in and claimed it");
  });
});

describe("member numbers", () => {
  it("are given when a membership is activated (a staff payment), after the highest, and kept through a lapse", async () => {
    const t = tag();
    const highest = (await highestNumber()) + 77;
    await upload(staff, csv([row(`${t}-imported@example.org`, { member_number: String(highest) })]), { mode: "import" });
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
