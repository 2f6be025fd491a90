/**
 * Changing the address an account signs in with, through the Worker against real D1 and the
 * Firebase Auth emulator (its out-of-band codes stand in for the e-mailed link), with plain form
 * posts as a browser without JavaScript sends them. The address changes only once the link is
 * opened; then our records follow, every session with the old address ends, the old address
 * gets a notice, and staff see it on the member's timeline. Another account's address is refused
 * with the same answer as success.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { completeEmailChange, createUser, oobCodes, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";

let addresses = 0;
const freshAddress = () => `moved-${Date.now()}-${addresses++}@guild.example`;

/** A member who joined through the form, signed in on two devices. */
async function memberOnTwoDevices() {
  const user = await createUser();
  const laptop = new TestBrowser();
  await laptop.signIn(user.email, user.password);
  expect((await laptop.post("/join", validForm({ email: undefined, password: undefined }))).status).toBe(303);
  const phone = new TestBrowser();
  await phone.signIn(user.email, user.password);
  return { user, laptop, phone };
}

const recorded = async (userId: string) => ({
  membership: (await env.DB.prepare("SELECT email FROM memberships WHERE user_id = ?1").bind(userId).first<{ email: string }>())?.email,
  application: (await env.DB.prepare("SELECT email FROM applications WHERE user_id = ?1").bind(userId).first<{ email: string }>())?.email,
});

const notices = async (to: string) =>
  (await env.DB.prepare("SELECT kind, subject, data FROM email_outbox WHERE recipient = ?1 AND kind = 'email-changed'").bind(to).all<{ kind: string; subject: string; data: string }>()).results;

const signedIn = async (browser: TestBrowser) => (await browser.fetch("/user/account")).status === 200;

describe("changing the e-mail address", () => {
  it("asks for the password, and refuses a wrong one or the same address with a specific message", async () => {
    const { laptop, user } = await memberOnTwoDevices();
    const form = await laptop.fetch("/user/account/email");
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    const wrong = await laptop.post("/user/account/email", { newEmail: freshAddress(), currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your password is not right");
    const same = await laptop.post("/user/account/email", { newEmail: user.email.toUpperCase(), currentPassword: user.password });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("That is already your e-mail address.");
    const bad = await laptop.post("/user/account/email", { newEmail: "not an address", currentPassword: user.password });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter an e-mail address, like name@example.com");
    expect((await new TestBrowser().fetch("/user/account/email")).status).toBe(303);
  });

  it("refuses another account's address without saying whether it exists", async () => {
    const { laptop, user } = await memberOnTwoDevices();
    const other = await createUser();
    const unused = freshAddress();
    const taken = await laptop.post("/user/account/email", { newEmail: other.email, currentPassword: user.password });
    const free = await laptop.post("/user/account/email", { newEmail: unused, currentPassword: user.password });
    expect(taken.status).toBe(free.status);
    // React marks where text parts meet with empty comments; a reader sees none of them.
    const [takenText, freeText] = [(await taken.text()).replaceAll("<!-- -->", ""), (await free.text()).replaceAll("<!-- -->", "")];
    expect(takenText).toContain(`If ${other.email} can be used for an account, we have sent a link to it.`);
    expect(freeText).toContain(`If ${unused} can be used for an account, we have sent a link to it.`);
    expect(takenText.replaceAll(other.email, "X")).toBe(freeText.replaceAll(unused, "X"));
    const codes = await oobCodes();
    expect(codes.some((c) => c.requestType === "VERIFY_AND_CHANGE_EMAIL" && c.newEmail === other.email)).toBe(false);
    expect(codes.some((c) => c.requestType === "VERIFY_AND_CHANGE_EMAIL" && c.newEmail === unused)).toBe(true);
  });

  it("changes nothing until the link is opened; then the records follow, every old session ends and the old address is told", async () => {
    const { laptop, phone, user } = await memberOnTwoDevices();
    const newEmail = freshAddress();
    const sent = await laptop.post("/user/account/email", { newEmail, currentPassword: user.password });
    expect(sent.status).toBe(200);
    expect(await recorded(user.uid)).toEqual({ membership: user.email, application: user.email });
    expect(await signedIn(laptop)).toBe(true);

    const { continueUrl } = await completeEmailChange(user.email, newEmail);
    expect(continueUrl).toMatch(/^http:\/\/localhost:8787\/account\/email-changed\?change=/);
    const landing = await new TestBrowser().fetch(new URL(continueUrl!).pathname + new URL(continueUrl!).search);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain(`Your account now signs in with <strong>${newEmail}</strong>`);

    expect(await recorded(user.uid)).toEqual({ membership: newEmail, application: newEmail });
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    const [notice] = await notices(user.email);
    expect(notice).toMatchObject({ kind: "email-changed", subject: "The e-mail address of your account has changed" });
    expect(JSON.parse(notice!.data)).toMatchObject({ newEmail });

    // The old address no longer signs in; the new one does, and the account page shows it.
    const again = new TestBrowser();
    await again.signIn(user.email, user.password);
    expect(await signedIn(again)).toBe(false);
    await again.signIn(newEmail, user.password);
    expect(await (await again.fetch("/user/account")).text()).toContain(newEmail);

    // The return link opened again changes nothing more and sends no second notice.
    const repeat = await new TestBrowser().fetch(new URL(continueUrl!).pathname + new URL(continueUrl!).search);
    expect(repeat.status).toBe(200);
    expect(await notices(user.email)).toHaveLength(1);
    expect(await signedIn(again)).toBe(true);

    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'account.email.changed' AND json_extract(details, '$.userId') = ?1")
      .bind(user.uid)
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
    const staff = await signedInStaff();
    expect(await (await staff.fetch(`/staff/members/${encodeURIComponent(user.uid)}`)).text()).toContain("The member changed their e-mail address (verified)");
  });

  it("follows the change at the next sign-in when the link's return page is never opened", async () => {
    const { laptop, user } = await memberOnTwoDevices();
    const newEmail = freshAddress();
    await laptop.post("/user/account/email", { newEmail, currentPassword: user.password });
    await completeEmailChange(user.email, newEmail);
    const fresh = new TestBrowser();
    await fresh.signIn(newEmail, user.password);
    expect(await signedIn(fresh)).toBe(true);
    expect(await recorded(user.uid)).toEqual({ membership: newEmail, application: newEmail });
    expect(await signedIn(laptop)).toBe(false);
    expect(await notices(user.email)).toHaveLength(1);
  });

  it("answers a forged or altered return link with 'not valid' and changes nothing", async () => {
    const { laptop, user } = await memberOnTwoDevices();
    for (const token of ["", "forged", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"]) {
      const response = await new TestBrowser().fetch(`/account/email-changed?change=${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("This return link is not valid");
    }
    expect(await signedIn(laptop)).toBe(true);
    expect(await recorded(user.uid)).toEqual({ membership: user.email, application: user.email });
  });

  it("refuses a post without the form's CSRF token", async () => {
    const { laptop, user } = await memberOnTwoDevices();
    const response = await laptop.fetch("/user/account/email", {
      method: "POST",
      body: new URLSearchParams({ newEmail: freshAddress(), currentPassword: user.password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(403);
  });
});
