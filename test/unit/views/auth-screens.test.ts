import { describe, expect, it } from "vitest";
import { MembersOnlyContent } from "../../../src/views/auth/members-only-content";
import { PasswordResetContent } from "../../../src/views/auth/password-reset-content";
import { ErrorPage } from "../../../src/views/pages/error-page";
import { one, render, select } from "./render";

const reset = { csrfToken: "t", email: "x", sentTo: null, islandConfig: "{}" };

describe("auth and error screens", () => {
  it("the standalone error page links the built favicon when given one, and shows it as the logo", async () => {
    const html = await render(ErrorPage, { status: 503, siteName: "Guildhall", favicon: "/assets/favicon-abc123.svg" });
    expect((await one(html, 'link[rel="icon"]')).attrs).toMatchObject({ href: "/assets/favicon-abc123.svg", type: "image/svg+xml" });
    expect((await one(html, "img.brand__logo")).attrs).toMatchObject({ src: "/assets/favicon-abc123.svg", alt: "" });
    expect((await one(html, 'a.skip-link[href="#main"]')).text).toBe("Skip to main content");
    const plain = await render(ErrorPage, { status: 503, siteName: "Guildhall" });
    expect(await select(plain, 'link[rel="icon"], img')).toHaveLength(0);
  });

  it("password reset: an address problem is shown at the field as well as in the summary", async () => {
    const invalid = { status: 400, error: "auth/invalid-email", message: "Enter a valid e-mail address, like name@example.com." };
    const html = await render(PasswordResetContent, { ...reset, authError: invalid });
    expect((await one(html, ".error-summary a")).attrs.href).toBe("#email");
    expect(await select(html, ".field--error #email[aria-invalid=true]")).toHaveLength(1);
    expect((await one(html, "#email")).attrs["aria-describedby"]).toBe("email-error");

    // A service failure is not the address's fault: only the summary says it.
    const down = { status: 500, error: "auth/network-request-failed", message: "We could not reach the sign-in service." };
    const failed = await render(PasswordResetContent, { ...reset, authError: down });
    expect(await select(failed, ".field--error")).toHaveLength(0);
    expect(await select(failed, ".error-summary")).toHaveLength(1);
  });

  it("members only: the way to sign out leads to the account page", async () => {
    const html = await render(MembersOnlyContent, { title: "CPD resources", email: "user@guildhall.example" });
    expect((await select(html, "a")).map((a) => a.attrs.href)).toEqual(["/memberships", "/join", "/user/account"]);
  });
});
