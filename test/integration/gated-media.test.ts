/**
 * Files on gated pages, against the real Strapi and the demo content: the members-only CPD
 * resources page's own file (its flipbook's cpd-portfolio-guide.pdf, used nowhere else) goes to
 * members only and privately; files it shares with public pages, and the home page's images,
 * stay public and immutable. (How the index of gated files is cached and purged:
 * cache-purge.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { cpdFiles } from "../support/worker/demo-media";

let membersFile: string;
let sharedFile: string;

beforeAll(async () => {
  ({ membersFile, sharedFile } = await cpdFiles());
});

async function signedIn(member: boolean) {
  const user = await createUser();
  if (member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  expect(browser.sessionCookie).toBeTruthy();
  return browser;
}

describe("a file used only on a members-only page", () => {
  it("is a 404 for a visitor, exactly as a file that does not exist, and never stored by a shared cache", async () => {
    const response = await new TestBrowser().fetch(membersFile);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).not.toContain("%PDF");
  });

  it("is a 403 for a signed-in user who is not a member", async () => {
    const response = await (await signedIn(false)).fetch(membersFile);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("%PDF");
  });

  it("is served to a member, privately and varying by cookie", async () => {
    const response = await (await signedIn(true)).fetch(membersFile);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(response.headers.get("Vary")).toContain("Cookie");
    expect(await response.text()).toMatch(/^%PDF-/);
  });
});

describe("public files", () => {
  it("stay public and immutable when a members-only page shares them with a public page", async () => {
    const response = await new TestBrowser().fetch(sharedFile);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await response.arrayBuffer();
  });

  it("stay public and immutable for a signed-in member too (the same bytes for everyone)", async () => {
    const browser = await signedIn(true);
    const response = await browser.fetch(sharedFile);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await response.arrayBuffer();
  });

  it("stay public and immutable on the home page", async () => {
    const html = await (await new TestBrowser().fetch("/")).text();
    const src = /<img[^>]+src="(\/uploads\/[^"]+)"/.exec(html)![1]!;
    const response = await new TestBrowser().fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await response.arrayBuffer();
  });
});
