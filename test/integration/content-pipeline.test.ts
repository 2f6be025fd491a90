/**
 * The content pipeline end to end inside workerd: real Strapi (through the counting proxy of
 * the fake CMS) -> KV cache -> rendered page. The proxy counts CMS calls per operation.
 */
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { footerOperation, homepageOperation, navigationOperation } from "../../src/adapters/cms/operations";
import { clearContentCache, cmsCalls, fetchWith, resetFakeCms, totalCalls } from "../support/worker/helpers";

const viaProxy = () => ({ CMS_URL: `${env.FAKE_CMS_URL}/proxy` });
// The five layout queries, the home page, and the webinars its "Coming up" block lists.
// With the layout: the index that points membership links at their information pages (memberships and the pages presenting them).
const LAYOUT_AND_HOME = ["global", "globalSeo", "sidebar", "footer", "navigation", "homepage", "webinars", "memberships", "pagesPresentingMemberships"];

beforeEach(async () => {
  await clearContentCache();
  await resetFakeCms();
});

describe("the home page from CMS data", () => {
  it("renders the home page's blocks, the navigation and the footer from Strapi", async () => {
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    const [home, nav, footer] = await Promise.all([
      cms.run(homepageOperation, {}),
      cms.run(navigationOperation, {}),
      cms.run(footerOperation, {}),
    ]);
    const response = await SELF.fetch("http://localhost/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    const hero = home?.blocks.find((b) => b.kind === "hero-banner");
    expect(hero && "title" in hero ? html : "").toContain(escape(hero && "title" in hero ? hero.title : "missing hero"));
    for (const item of nav.navLinkItems) expect(html).toContain(escape(item.label));
    expect(html).toContain(escape(footer.contactFields.organizationName ?? "missing"));
  });

  it("loads the five layout queries and the page's content once, then serves from KV", async () => {
    const first = await fetchWith(viaProxy(), "/");
    expect(first.status).toBe(200);
    const calls = await cmsCalls();
    expect(Object.keys(calls).sort()).toEqual([...LAYOUT_AND_HOME].sort());
    expect(Object.values(calls).every((n) => n === 1)).toBe(true);

    const keys = await env.CONTENT_CACHE.list({ prefix: "content:v3:" });
    // One entry per operation, plus the membership-link index derived from two of them.
    expect(keys.keys.length).toBe(LAYOUT_AND_HOME.length + 1);

    for (let i = 0; i < 20; i++) expect((await fetchWith(viaProxy(), "/")).status).toBe(200);
    expect(totalCalls(await cmsCalls())).toBe(LAYOUT_AND_HOME.length);
  });

  it("coalesces concurrent requests on a cold cache into one CMS call per operation", async () => {
    const responses = await Promise.all(Array.from({ length: 25 }, () => fetchWith(viaProxy(), "/")));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const calls = await cmsCalls();
    for (const operation of LAYOUT_AND_HOME) expect(calls[operation], operation).toBe(1);
  });
});

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
