/**
 * Editors' pages are never hidden: CMS pages at the addresses of the site's own screens are shown
 * around them (the CPD log's guidance around /user/cpd), and every membership has its
 * information page at /professionals/join-{membership slug} (the demo content in real Strapi).
 */
import { describe, expect, it } from "vitest";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ");
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => text(m[1]!).trim());

async function signedIn(member: boolean) {
  const user = await createUser();
  if (member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return browser;
}

describe("the site's own screens show the editor's page at their address", () => {
  it("/user/membership: the CMS page's title, text, card list and button around the membership panel", async () => {
    const browser = await signedIn(true);
    const response = await browser.fetch("/user/membership");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(h1s(html)).toEqual(["My membership"]);
    expect(html).toContain('data-cms-page="User/membership"');
    expect(html).toContain('data-block="card-list"');
    expect(text(html)).toContain("Make the most of your membership");
    expect(text(html)).toContain("Change membership type");
    expect(html).toMatch(/<title>My membership/);
    // The panel sits between the page's opening text and its other blocks.
    const panel = html.indexOf('class="account-screen"');
    expect(html.indexOf('data-block="text"')).toBeLessThan(panel);
    expect(html.indexOf('data-block="card-list"')).toBeGreaterThan(panel);
  });

  it("/user/webinars and /user/account keep their panels inside their CMS pages", async () => {
    const browser = await signedIn(false);
    for (const [path, title] of [["/user/webinars", "My webinars"], ["/user/account", "Account settings"]] as const) {
      const html = await (await browser.fetch(path)).text();
      expect(h1s(html), path).toEqual([title]);
      expect(html, path).toContain('class="account-screen"');
    }
  });

  it("a screen without a CMS page is unchanged (its own title)", async () => {
    const html = await (await new TestBrowser().fetch("/login")).text();
    expect(h1s(html)).toEqual(["Sign in"]);
    expect(html).not.toContain("data-cms-page");
  });

  it("/user/cpd: the CPD log's CMS page is its title and guidance, and the page's old address /user/cpd-log moves there (301)", async () => {
    const visitor = await new TestBrowser().fetch("/user/cpd");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toContain("callbackUrl=%2Fuser%2Fcpd");
    const browser = await signedIn(false);
    const response = await browser.fetch("/user/cpd");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(h1s(html)).toEqual(["My CPD log"]);
    expect(html).toContain('data-cms-page="User/cpd"');
    expect(text(html)).toContain("How your CPD log works");
    const moved = await browser.fetch("/user/cpd-log");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/user/cpd");
  });
});

describe("membership information pages", () => {
  it.each([
    ["/professionals/join-full-member", "£195.00", "£25.00"],
    ["/professionals/join-associate", "£95.00", "£15.00"],
  ])("%s answers with the membership's price and joining fee", async (path, price, fee) => {
    const response = await new TestBrowser().fetch(path);
    expect(response.status).toBe(200);
    const html = text(await response.text());
    expect(html).toContain(price);
    expect(html).toContain(fee);
  });

  it("the page the editors named otherwise answers with a 301 to the information address, keeping the query", async () => {
    const response = await new TestBrowser().fetch("/professionals/associate-membership?from=nav");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/professionals/join-associate?from=nav");
  });

  it("links to that page lead straight to the information address", async () => {
    const html = await (await new TestBrowser().fetch("/professionals/join-full-member")).text();
    expect(html).toContain('href="/professionals/join-associate"');
    expect(html).not.toContain('href="/professionals/associate-membership"');
  });

  it("an unknown membership has no information page", async () => {
    expect((await new TestBrowser().fetch("/professionals/join-nobody")).status).toBe(404);
  });
});
