/** Password reset and password change, against the Firebase Auth emulator. */
import { describe, expect, it, vi } from "vitest";
import { completePasswordReset, createUser, TestBrowser } from "../support/worker/browser";

describe("password reset", () => {
  it("sends the reset e-mail with a continue URL to /login; completing it lets the user sign in with the new password", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    const response = await browser.post("/password-reset", { email: user.email });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("we have sent it an e-mail");

    const { continueUrl } = await completePasswordReset(user.email, "Brand-new-password-2");
    expect(continueUrl).toBe("http://localhost:8787/login?reset=done");

    const login = await (await browser.fetch("/login?reset=done")).text();
    expect(login).toContain("Your password has been changed. Sign in with your new password.");
    expect(login).toContain('action="/api/auth/callback/credentials"');

    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await new TestBrowser().signIn(user.email, user.password)).headers.get("Location")).toContain("error=CredentialsSignin");
    expect((await new TestBrowser().signIn(user.email, "Brand-new-password-2")).headers.get("Location")).toBe("/");
  });

  it("does not reveal whether an address has an account", async () => {
    const known = await (await new TestBrowser().post("/password-reset", { email: (await createUser()).email })).text();
    const unknownResponse = await new TestBrowser().post("/password-reset", { email: `nobody-${Date.now()}@guild.example` });
    expect(unknownResponse.status).toBe(200);
    const unknown = await unknownResponse.text();
    const strip = (html: string) => html.replace(/[\w.+-]+@guild\.example/g, "EMAIL").replace(/nonce="[^"]+"|value="[^"]+"/g, "");
    expect(strip(unknown)).toBe(strip(known));
  });

  it.each([
    ["", "Enter your e-mail address."],
    ["not-an-email", "Enter a valid e-mail address, like name@example.com."],
  ])("refuses %j with a specific message and keeps what was typed", async (email, message) => {
    const response = await new TestBrowser().post("/password-reset", { email });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    if (email) expect(html).toContain(`value="${email}"`);
  });
});

describe("changing the password", () => {
  it("re-authenticates with the current password, signs out other sessions and keeps this one", async () => {
    const user = await createUser();
    const here = new TestBrowser();
    const elsewhere = new TestBrowser();
    await here.signIn(user.email, user.password);
    await elsewhere.signIn(user.email, user.password);

    const wrong = await here.post("/user/password", { currentPassword: "not-it-at-all", newPassword: "Another-password-3" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not right");

    const short = await here.post("/user/password", { currentPassword: user.password, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("at least 10 characters");

    const changed = await here.post("/user/password", { currentPassword: user.password, newPassword: "Another-password-3" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe("/user/account?changed=password");
    expect(await (await here.fetch("/api/auth/session")).json()).toMatchObject({ user: { email: user.email } });
    expect(await (await elsewhere.fetch("/api/auth/session")).json()).toEqual({});
    expect((await new TestBrowser().signIn(user.email, "Another-password-3")).headers.get("Location")).toBe("/");
  });
});
