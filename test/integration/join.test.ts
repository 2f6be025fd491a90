/** The join flow (issue 5, offline payment): the form, its validation, the application and the member's page. */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { fetchWith, purgeHeaders } from "../support/worker/helpers";
import { validForm } from "../support/worker/join-form";

const rows = async (table: string, where = "1 = 1", ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).bind(...params).first<{ n: number }>())!.n;

describe("the join form", () => {
  it("shows the six sections with the CMS's descriptions, the specialisations and the memberships, preselected from ?membership=", async () => {
    const html = await (await new TestBrowser().fetch("/join?membership=associate")).text();
    for (const section of ["Your details", "Address", "Professional details", "Membership", "Your account", "Declaration"]) {
      expect(html).toContain(`<h3>${section}</h3>`);
    }
    expect(html).toContain(`<option value="${validForm().specialisation}">`);
    expect(html).toMatch(/<input[^>]*value="associate"[^>]*checked=""|<input[^>]*checked=""[^>]*value="associate"/);
    expect(html).toContain('name="idempotencyKey"');
  });

  it("an empty submission comes back 400 with a specific error at every required field, nothing stored", async () => {
    const before = await rows("applications");
    const response = await new TestBrowser().post("/join", {});
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Enter your first name",
      "Enter your last name",
      "Enter your address",
      "Enter your town or city",
      "Enter your postcode",
      "Enter your professional registration number",
      "Enter the year you qualified, like 2015",
      "Choose a membership",
      "Confirm that you accept the terms and conditions",
      "Confirm that you have read the privacy policy",
      "Choose your specialisation",
      "Enter your e-mail address",
      "Choose a password",
    ]) {
      expect(html, message).toContain(message);
    }
    expect(html).toContain('class="error-summary"');
    expect(await rows("applications")).toBe(before);
  });

  it("keeps everything typed after an error, except the password", async () => {
    const form = validForm({ postcode: "!!", password: "Secret-password-99" });
    const html = await (await new TestBrowser().post("/join", form)).text();
    expect(html).toContain("Enter a postcode, like EX1 2MP");
    for (const field of ["givenName", "familyName", "addressLine1", "town", "registrationNumber", "email"]) {
      expect(html, field).toContain(`value="${form[field]}"`);
    }
    expect(html).not.toContain("Secret-password-99");
  });

  it("refuses a membership or specialisation that is not offered", async () => {
    const html = await (await new TestBrowser().post("/join", validForm({ membership: "platinum", specialisation: "Wizardry" }))).text();
    expect(html).toContain("Choose one of the memberships listed");
    expect(html).toContain("Choose your specialisation from the list");
  });
});

describe("applying", () => {
  it("a visitor: creates the account, signs in, stores the application awaiting payment, and shows how to pay", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const form = validForm();
    const response = await browser.post("/join", form);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/user/membership?joined=1");
    expect(browser.sessionCookie).toBeTruthy();

    const application = await env.DB.prepare("SELECT * FROM applications WHERE idempotency_key = ?1").bind(form.idempotencyKey).first<Record<string, unknown>>();
    expect(application).toMatchObject({ email: form.email, status: "awaiting_payment", membership_slug: "full-member", payment_method: "offline" });
    expect(application!.reference).toMatch(/^GH-[A-Z2-9]{8}$/);
    const membership = await env.DB.prepare("SELECT status FROM memberships WHERE email = ?1").bind(form.email).first();
    expect(membership).toEqual({ status: "awaiting_payment" });

    const page = await browser.fetch("/user/membership?joined=1");
    const html = await page.text();
    expect(html).toContain("Awaiting payment");
    expect(html).toContain(String(application!.reference));
    expect(html).toContain(`data-pending-member-email="${form.email}"`);
    expect(html).toContain('class="notice notice--success"');
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a signed-in user skips the account section", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    expect(await (await browser.fetch("/join")).text()).toContain(`You are signed in as <strong>${user.email}</strong>`);
    const form = validForm({ email: undefined, password: undefined });
    expect((await browser.post("/join", form)).headers.get("Location")).toBe("/user/membership?joined=1");
    expect(await rows("applications", "user_id = ?1", user.uid)).toBe(1);
  });

  it("submitting twice, or after going back, never creates a second application", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const form = validForm();
    const [first, second] = [await browser.post("/join", form), await browser.post("/join", form)];
    expect(first.headers.get("Location")).toBe("/user/membership?joined=1");
    expect(second.status).toBe(303);
    expect(second.headers.get("Location")).toBe("/user/membership");
    expect(await rows("applications", "idempotency_key = ?1", form.idempotencyKey)).toBe(1);
    expect(await rows("memberships", "email = ?1", form.email)).toBe(1);
  });

  it("an e-mail that already has an account is sent to sign in first, nothing stored", async () => {
    const user = await createUser();
    const form = validForm({ email: user.email });
    const response = await new TestBrowser().post("/join", form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("An account already uses this e-mail address. Sign in first, then complete this form.");
    expect(await rows("applications", "email = ?1", user.email)).toBe(0);
  });

  it("a member cannot apply again", async () => {
    const user = await createUser();
    await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const response = await browser.post("/join", validForm({ email: undefined, password: undefined }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("You are already a member.");
  });

  it("the newly qualified pay half the first year's subscription, never half the joining fee", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const thisYear = String(new Date().getUTCFullYear());
    const recent = validForm({ yearQualified: thisYear });
    const older = validForm({ yearQualified: "2000" });
    await browser.post("/join", recent);
    await new TestBrowser().post("/join", older);
    const amount = async (key: string) =>
      (await env.DB.prepare("SELECT amount_due_pence AS p FROM applications WHERE idempotency_key = ?1").bind(key).first<{ p: number }>())!.p;
    const full = await amount(older.idempotencyKey!);
    const half = await amount(recent.idempotencyKey!);
    expect(half).toBeLessThan(full);
    expect(full - half).toBeGreaterThan(0);
  });

  it("needs the CSRF token", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const response = await browser.fetch("/join", { method: "POST", body: new URLSearchParams(validForm()) });
    expect(response.status).toBe(403);
  });
});

describe("real-world applicants", () => {
  const stored = async (key: string) => {
    const row = await env.DB.prepare("SELECT details, amount_due_pence AS due FROM applications WHERE idempotency_key = ?1").bind(key).first<{ details: string; due: number }>();
    return row ? { ...(JSON.parse(row.details) as { address: Record<string, unknown>; professional: Record<string, unknown> }), due: row.due } : null;
  };

  it.each([
    ["a UK address", { addressLine1: "10 Downing Street", town: "London", postcode: "SW1A 2AA", country: "GB", registrationNumber: "PH123456" }, "United Kingdom"],
    ["an Irish address with an Eircode", { addressLine1: "1 Grand Canal Quay", town: "Dublin 2", region: "Co. Dublin", postcode: "D02 X285", country: "IE", registrationNumber: "HCPC PH 12345" }, "Ireland"],
    ["a US address with ZIP+4", { addressLine1: "1600 Pennsylvania Avenue NW", town: "Washington", region: "DC", postcode: "20500-0003", country: "US", registrationNumber: "12345678" }, "United States"],
    ["a Dutch address", { addressLine1: "Damrak 1", town: "Amsterdam", postcode: "1012 LG", country: "NL", registrationNumber: "A-1234/5" }, "Netherlands"],
    ["a Canadian address", { addressLine1: "24 Sussex Drive", town: "Ottawa", region: "ON", postcode: "K1M 1M4", country: "CA", registrationNumber: "PH123456" }, "Canada"],
    ["a Hong Kong address, which has no postcode", { addressLine1: "1 Queen's Road Central", town: "Central", postcode: "", country: "HK", registrationNumber: "12345678" }, "Hong Kong"],
    ["an Indian address with a PIN code", { addressLine1: "Rashtrapati Bhavan", town: "New Delhi", region: "Delhi", postcode: "110004", country: "IN", registrationNumber: "A-1234/5" }, "India"],
  ])("accepts %s", async (_case, fields, countryName) => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const form = validForm(fields);
    const response = await new TestBrowser().post("/join", form);
    expect(response.status, await response.clone().text().then((html) => html.match(/data-field-error="[^"]+"[^<]*<span[^>]*>[^<]*<\/span>([^<]*)/g)?.join("; ") ?? "")).toBe(303);
    const details = await stored(form.idempotencyKey!);
    expect(details!.address).toMatchObject({
      line1: fields.addressLine1,
      town: fields.town,
      region: "region" in fields ? fields.region : null,
      postcode: fields.postcode ? fields.postcode.toUpperCase() : null,
      country: countryName,
      countryCode: fields.country,
    });
    expect(details!.professional.registrationNumber).toBe(fields.registrationNumber.toUpperCase());
  });

  it.each([
    ["a postcode that is not one", { postcode: "<b>" }, "postcode", "Enter a postcode, like EX1 2MP"],
    ["no postcode where the country has them", { postcode: "", country: "US" }, "postcode", "Enter your postcode"],
    ["a postcode of symbols abroad", { postcode: "!!", country: "NL" }, "postcode", "Enter a postcode, as your post shows it, in letters, digits, spaces and dashes"],
    ["a country that is not on the list", { country: "Narnia" }, "country", "Choose your country from the list"],
    ["a registration number with symbols", { registrationNumber: "<script>1</script>" }, "registrationNumber", "Use only letters, digits, spaces, dots, slashes and dashes in your registration number, like PH123456"],
    ["a registration number too short to be one", { registrationNumber: "12" }, "registrationNumber", "Enter your registration number as it is on your registration certificate, like PH123456"],
    ["a registration number without a digit", { registrationNumber: "PHYSIO" }, "registrationNumber", "Enter your registration number as it is on your registration certificate, like PH123456"],
    ["a registration number too long", { registrationNumber: "PH".repeat(16) }, "registrationNumber", "Your professional registration number must be 30 characters or fewer"],
    ["a full member without a registration number", { registrationNumber: "" }, "registrationNumber", "Enter your professional registration number"],
    ["a full member without a qualification year", { yearQualified: "" }, "yearQualified", "Enter the year you qualified, like 2015"],
  ])("refuses %s with a specific error", async (_case, fields, field, message) => {
    const before = await rows("applications");
    const response = await new TestBrowser().post("/join", validForm(fields));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-field-error="${field}"><span class="visually-hidden">Error: </span>${message.replace(/'/g, "&#x27;")}</p>`);
    expect(await rows("applications")).toBe(before);
  });

  it("accepts an Associate applicant without a registration number or a qualification year, at the full price", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const form = validForm({ membership: "associate", registrationNumber: "", yearQualified: "", workplace: "", placeOfStudy: "University of Exeter, BSc Physiotherapy" });
    const response = await new TestBrowser().post("/join", form);
    expect(response.status).toBe(303);
    const details = await stored(form.idempotencyKey!);
    expect(details!.professional).toMatchObject({ registrationNumber: null, yearQualified: null, workplace: null, placeOfStudy: "University of Exeter, BSc Physiotherapy" });
    expect(details!.due).toBe(95_00 + 15_00);
  });

  it("shows the Associate's evidence as optional and says which membership needs what", async () => {
    const html = await (await new TestBrowser().fetch("/join?membership=associate")).text();
    expect(html).toContain("Needed for Full member; optional for Associate member.");
    expect(html).toMatch(/<label class="field__label" for="registrationNumber">Professional registration number<span data-optional-mark="">/);
    expect(html).toContain('<option value="HK">Hong Kong</option>');
    expect(html).toContain('<option value="GB" selected="">United Kingdom</option>');
  });
});

describe("the member's page", () => {
  it("needs a session, and says plainly when there is no membership", async () => {
    expect((await new TestBrowser().fetch("/user/membership")).status).toBe(303);
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    expect(await (await browser.fetch("/user/membership")).text()).toContain("You are not a member yet.");
  });

  it("shows an active membership with the date it is paid until, and a lapsed one as lapsed, in words", async () => {
    const active = await createUser();
    await makeMember(active, new Date(Date.now() + 200 * 86_400_000).toISOString());
    const a = new TestBrowser();
    await a.signIn(active.email, active.password);
    const html = await (await a.fetch("/user/membership")).text();
    expect(html).toMatch(/Active until \d+ \w+ \d{4}/);
    expect(html).toContain("Paid until"); // an offline member's period end (a card member's says "Renews on")

    const lapsed = await createUser();
    await makeMember(lapsed, "2020-01-01T00:00:00Z");
    const b = new TestBrowser();
    await b.signIn(lapsed.email, lapsed.password);
    expect(await (await b.fetch("/user/membership")).text()).toContain("Lapsed on 31 January 2020");
  });
});

describe("the CMS down during join", () => {
  it("still validates and saves the application from the last good copy of the content", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const toggle = { CMS_URL: `${env.FAKE_CMS_URL}/toggle` };
    await fetch(`${env.FAKE_CMS_URL}/__reset`, { method: "POST" });
    const csrf = await fetchWith(toggle, "/api/auth/csrf");
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    expect((await fetchWith(toggle, "/join")).status).toBe(200);

    await fetch(`${env.FAKE_CMS_URL}/__toggle?up=0`, { method: "POST" });
    await fetchWith(toggle, "/api/cache/purge", { method: "POST", headers: purgeHeaders(), body: "" });

    const form = validForm();
    const response = await fetchWith(toggle, "/join", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...form, csrfToken }),
    });
    expect(response.status).toBe(303);
    expect(await env.DB.prepare("SELECT status FROM applications WHERE idempotency_key = ?1").bind(form.idempotencyKey).first()).toEqual({
      status: "awaiting_payment",
    });
    // The purged copy stood in while its replacement loaded, and that load failed.
    expect(errors.mock.calls.some((args) => String(args[0]).includes("cache.revalidate_failed"))).toBe(true);
    await fetch(`${env.FAKE_CMS_URL}/__reset`, { method: "POST" });
  });
});
