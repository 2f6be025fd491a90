/**
 * /user/profile through the Worker, against real D1, the CMS and the Firebase Auth emulator: a
 * member who joined with the form edits their details without JavaScript (plain form posts),
 * with the join form's rules and messages; the edit reaches every place that reads the details
 * (the application staff see, the directory listing where the member had not reworded it) and
 * the member's staff timeline, which names the fields changed and none of their values.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createUser, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import type { Element } from "hast";
import { parsedElements } from "../support/parsed-html";
import { signedInStaff } from "../support/worker/staff";

const PRIVATE = "private, no-store";

/** A signed-in user who has joined through the form (offline payment). */
async function joinedMember() {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  const joined = await browser.post("/join", validForm({ email: undefined, password: undefined, givenName: "Ada", familyName: `Lovelace${Date.now()}` }));
  expect(joined.status).toBe(303);
  return { browser, user };
}

const application = async (userId: string) =>
  (await env.DB.prepare("SELECT id, given_name, family_name, details FROM applications WHERE user_id = ?1 AND kind = 'join'").bind(userId).first<{
    id: string;
    given_name: string;
    family_name: string;
    details: string;
  }>())!;

const byId = (html: string, id: string) => parsedElements(html).find((e) => e.properties.id === id);
const inputValue = (html: string, id: string) => {
  const value = byId(html, id)?.properties.value;
  return value === undefined ? null : String(value);
};
/** The chosen option of the select with this id. */
const selectedValue = (html: string, id: string) => {
  const select = byId(html, id);
  const options = select ? select.children.filter((c): c is Element => c.type === "element" && c.tagName === "option") : [];
  const chosen = options.find((o) => o.properties.selected !== undefined && o.properties.selected !== false);
  return chosen ? String(chosen.properties.value) : null;
};

/** The profile form as saved, with `changes`. */
async function formWith(browser: TestBrowser, changes: Record<string, string>) {
  const html = await (await browser.fetch("/user/profile")).text();
  const fields = ["givenName", "familyName", "phone", "addressLine1", "addressLine2", "town", "region", "postcode", "registrationNumber", "yearQualified", "workplace"];
  const form: Record<string, string> = Object.fromEntries(fields.map((f) => [f, inputValue(html, f) ?? ""]));
  form.country = selectedValue(html, "country") ?? "GB";
  form.specialisation = selectedValue(html, "specialisation") ?? "";
  return { ...form, ...changes };
}

describe("/user/profile", () => {
  it("is private: a visitor signs in first, and the page is never cached", async () => {
    const visitor = await new TestBrowser().fetch("/user/profile");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toContain("callbackUrl=%2Fuser%2Fprofile");
    const { browser } = await joinedMember();
    const page = await browser.fetch("/user/profile");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe(PRIVATE);
  });

  it("shows the details given when joining, and saves an edit everywhere they are read", async () => {
    const { browser, user } = await joinedMember();
    const before = await application(user.uid);
    const html = await (await browser.fetch("/user/profile")).text();
    expect(inputValue(html, "givenName")).toBe("Ada");
    expect(inputValue(html, "town")).toBe("Sampleton");
    expect(inputValue(html, "registrationNumber")).toBe("PH123456");

    const saved = await browser.post("/user/profile", await formWith(browser, { town: "Exeter", postcode: "ex4 4qj", phone: "01632 960 777", workplace: "Exeter Physio" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/user/profile?saved=1");
    const after = await (await browser.fetch("/user/profile?saved=1")).text();
    expect(after).toContain("Your details have been saved.");
    expect(inputValue(after, "town")).toBe("Exeter");
    expect(inputValue(after, "postcode")).toBe("EX4 4QJ");

    const row = await application(user.uid);
    expect(row.id).toBe(before.id);
    const details = JSON.parse(row.details);
    expect(details.address).toMatchObject({ town: "Exeter", postcode: "EX4 4QJ", line1: "1 Example Street", countryCode: "GB" });
    expect(details.professional).toMatchObject({ workplace: "Exeter Physio", registrationNumber: "PH123456" });
    expect(details.phone).toBe("01632 960 777");
    // The declaration made when joining stays as it was.
    expect(details.declaration).toEqual(JSON.parse(before.details).declaration);

    const audit = await env.DB.prepare("SELECT staff_email, action, details FROM staff_audit_log WHERE application_id = ?1 AND action = 'member.details.updated'")
      .bind(row.id)
      .all<{ staff_email: string; action: string; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.staff_email).toBe(user.email);
    expect(JSON.parse(audit.results[0]!.details)).toEqual({ by: "member", fields: ["phone", "town", "postcode", "workplace"] });
    expect(audit.results[0]!.details).not.toContain("Exeter");

    const staff = await signedInStaff();
    const timeline = await (await staff.fetch(`/staff/members/${encodeURIComponent(user.uid)}`)).text();
    expect(timeline).toContain("The member changed their own details");
  });

  it("saving the same details again changes nothing and writes no audit entry", async () => {
    const { browser, user } = await joinedMember();
    const same = await browser.post("/user/profile", await formWith(browser, {}));
    expect(same.headers.get("Location")).toBe("/user/profile?saved=unchanged");
    const { id } = await application(user.uid);
    const entries = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE application_id = ?1 AND action = 'member.details.updated'").bind(id).first<{ n: number }>();
    expect(entries!.n).toBe(0);
  });

  it.each([
    [{ familyName: "" }, "familyName", "Enter your last name"],
    [{ postcode: "" }, "postcode", "Enter your postcode"],
    [{ registrationNumber: "??" }, "registrationNumber", "Use only letters, digits, spaces, dots, slashes and dashes in your registration number"],
    [{ yearQualified: "2999" }, "yearQualified", "The year you qualified cannot be in the future"],
    [{ specialisation: "Astrology" }, "specialisation", "Choose your specialisation from the list"],
    [{ country: "XX" }, "country", "Choose your country from the list"],
  ])("refuses %o with the join form's message, keeping what was typed", async (change, field, message) => {
    const { browser, user } = await joinedMember();
    const before = await application(user.uid);
    const response = await browser.post("/user/profile", await formWith(browser, { town: "Typed Town", ...change }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain(`href="#${field}"`);
    expect(inputValue(html, "town")).toBe("Typed Town");
    expect((await application(user.uid)).details).toBe(before.details);
  });

  it("accepts an address abroad without a postcode, as joining does", async () => {
    const { browser, user } = await joinedMember();
    const saved = await browser.post("/user/profile", await formWith(browser, { country: "HK", postcode: "", town: "Kowloon" }));
    expect(saved.status).toBe(303);
    expect(JSON.parse((await application(user.uid)).details).address).toMatchObject({ countryCode: "HK", country: "Hong Kong", postcode: null });
  });

  it("refuses a post without the form's CSRF token", async () => {
    const { browser, user } = await joinedMember();
    const before = await application(user.uid);
    const response = await browser.fetch("/user/profile", {
      method: "POST",
      body: new URLSearchParams(await formWith(browser, { town: "Forged" })),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
    expect((await application(user.uid)).details).toBe(before.details);
  });

  it("carries an edit into the directory listing, except where the member worded the listing themselves", async () => {
    const { browser, user } = await joinedMember();
    const row = await application(user.uid);
    // Listed with the town as joined and a workplace worded for the directory.
    await env.DB.prepare(
      "INSERT INTO directory_entries (user_id, display_name, town, workplace, specialisation, email, phone) VALUES (?1, ?2, 'Sampleton', 'The Clinic (Tuesdays)', ?3, ?4, NULL)",
    )
      .bind(user.uid, `${row.given_name} ${row.family_name}`, JSON.parse(row.details).professional.specialisation, user.email)
      .run();
    await browser.post("/user/profile", await formWith(browser, { town: "Exeter", workplace: "Exeter Physio", familyName: "Byron" }));
    const listing = await env.DB.prepare("SELECT display_name, town, workplace FROM directory_entries WHERE user_id = ?1").bind(user.uid).first();
    expect(listing).toEqual({ display_name: "Ada Byron", town: "Exeter", workplace: "The Clinic (Tuesdays)" });
  });

  it("tells someone who never applied how to get their records changed, and a member sees only their own details", async () => {
    const loner = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(loner.email, loner.password);
    const html = await (await browser.fetch("/user/profile")).text();
    expect(html).toContain("We do not hold details from a membership application for your account.");
    expect(html).not.toContain('action="/user/profile"');
    // Someone else's details never show on this account's page.
    const other = await joinedMember();
    const otherName = (await application(other.user.uid)).family_name;
    expect(html).not.toContain(otherName);
    const posted = await browser.post("/user/profile", validForm({ town: "Elsewhere" }));
    expect(posted.status).toBe(200);
    expect(JSON.parse((await application(other.user.uid)).details).address.town).toBe("Sampleton");
  });
});
