/** Visitor, signed-in user, member on authenticatedOnly and membersOnly pages, and /user pages. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { allGeneralPagesOperation } from "../../src/adapters/cms/operations";
import type { GeneralPage } from "../../src/domain/content";
import { pageHref } from "../../src/shared/links";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { everyEntry } from "../support/worker/cms-lists";

let authOnly: GeneralPage;
let membersOnly: GeneralPage;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  const pages = await everyEntry(cms, allGeneralPagesOperation);
  // The Worker's own account pages take precedence over CMS pages at the same addresses.
  const workerPages = ["/user/account", "/user/membership", "/user/webinars"];
  authOnly = pages.find((p) => p.authenticatedOnly && !p.membersOnly && !workerPages.includes(pageHref(p)))!;
  membersOnly = pages.find((p) => p.membersOnly)!;
  expect(authOnly && membersOnly).toBeTruthy();
});

async function signedIn(member = false) {
  const user = await createUser();
  if (member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

function expectPrivate(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
}

describe("visitors", () => {
  it.each(["authenticatedOnly", "membersOnly"] as const)("are sent to sign in from a %s page, and come back afterwards", async (kind) => {
    const page = kind === "authenticatedOnly" ? authOnly : membersOnly;
    const browser = new TestBrowser();
    const response = await browser.fetch(`${pageHref(page)}?tab=1`);
    expect(response.status).toBe(303);
    expectPrivate(response);
    const location = response.headers.get("Location")!;
    expect(location).toBe(`/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(`${pageHref(page)}?tab=1`)}`);

    const user = await createUser();
    if (kind === "membersOnly") await makeMember(user);
    const form = await (await browser.fetch(location)).text();
    const callbackUrl = /name="callbackUrl" value="([^"]+)"/.exec(form)![1]!.replace(/&amp;/g, "&");
    const signIn = await browser.signIn(user.email, user.password, callbackUrl);
    expect(signIn.headers.get("Location")).toBe(`${pageHref(page)}?tab=1`);
    expect((await browser.fetch(`${pageHref(page)}?tab=1`)).status).toBe(200);
  });
});

describe("signed-in users who are not members", () => {
  it("see authenticatedOnly pages, privately and unindexed", async () => {
    const { browser } = await signedIn();
    const response = await browser.fetch(pageHref(authOnly));
    expect(response.status).toBe(200);
    expectPrivate(response);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    expect(html).toContain("data-block=");
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it("get a members-only page that invites them to join, not the content", async () => {
    const { browser, user } = await signedIn();
    const response = await browser.fetch(pageHref(membersOnly));
    expect(response.status).toBe(403);
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain("This page is for members of the Guild.");
    expect(html).toContain(user.email);
    expect(html).toContain('href="/memberships"');
    expect(html).not.toContain("data-block=");
  });
});

describe("members", () => {
  it("see membersOnly pages, privately", async () => {
    const { browser } = await signedIn(true);
    const response = await browser.fetch(pageHref(membersOnly));
    expect(response.status).toBe(200);
    expectPrivate(response);
    expect(await response.text()).toContain("data-block=");
  });

  it("stop being members when the membership is no longer valid", async () => {
    const user = await createUser();
    await makeMember(user, "2020-01-01T00:00:00Z");
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    expect((await browser.fetch(pageHref(membersOnly))).status).toBe(403);
  });
});

describe("user settings pages", () => {
  it("need a session", async () => {
    for (const path of ["/user/account", "/user/password"]) {
      const response = await new TestBrowser().fetch(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(path)}`);
    }
  });

  it("show the account with the user-settings sidebar and a sign-out form", async () => {
    const { browser, user } = await signedIn(true);
    const response = await browser.fetch("/user/account");
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain(user.email);
    expect(html).toContain("Active member");
    expect(html).toContain('action="/api/auth/signout"');
    expect(html).toContain('class="section-nav"');
  });
});
