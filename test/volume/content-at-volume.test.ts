/**
 * The site at real sizes: the volume project's CMS holds 2,500 articles and 2,500 general pages
 * beyond the demo content (test/support/volume-setup.ts), more than twice what the CMS gives in
 * one GraphQL list (its maxLimit, 1,000). Every one opens, an unknown one is not found, the
 * sitemap lists them all and the article list pages through to the oldest. It also holds 1,100
 * webinars, bundles and memberships, each past that limit too.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ARTICLES_PER_PAGE } from "../../src/adapters/cms/operations";
import { hrefs } from "../../src/shared/links";
import { parsedElements } from "../support/parsed-html";
import { VOLUME, volumePageType, volumeSlug } from "../support/volume";

const get = (path: string) => SELF.fetch(`http://localhost${path}`);
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
const SITE = "http://localhost:8787";

/** How many pages the article list says it has ("Page 1 of N"). */
const pageCountOf = (html: string) => Number(/Page \d+ of (\d+)/.exec(html)?.[1]);

describe("articles and pages past the CMS's list limit", () => {
  it("opens article 2,001 of 2,500", async () => {
    const response = await get(`/articles/${volumeSlug("article", 2001)}`);
    expect(response.status).toBe(200);
    expect(h1Of(await response.text())).toBe("Volume article 2001");
  });

  it("opens page 2,001 of 2,500 at its type's address", async () => {
    const response = await get(`/${volumePageType(2001)}/${volumeSlug("page", 2001)}`);
    expect(response.status).toBe(200);
    expect(h1Of(await response.text())).toBe("Volume page 2001");
  });

  it("answers 404 for an article or a page that does not exist, or a page under another type", async () => {
    expect((await get(`/articles/${volumeSlug("article", VOLUME.articles + 1)}`)).status).toBe(404);
    expect((await get(`/${volumePageType(1)}/${volumeSlug("page", VOLUME.pages + 1)}`)).status).toBe(404);
    expect((await get(`/${volumePageType(2001)}/${volumeSlug("page", 2002)}`)).status).toBe(404);
    expect((await get(`/${volumePageType(2002)}/${volumeSlug("page", 2002)}`)).status).toBe(200);
  });
});

describe("the sitemap", () => {
  it("lists every one of the 5,000 articles and pages, in one file (under 50,000 addresses)", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain("<urlset");
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
    expect(locs.size).toBeGreaterThan(VOLUME.articles + VOLUME.pages);
    for (let n = 1; n <= VOLUME.articles; n++) expect(locs.has(`${SITE}/articles/${volumeSlug("article", n)}`), `article ${n}`).toBe(true);
    for (let n = 1; n <= VOLUME.pages; n++) expect(locs.has(`${SITE}/${volumePageType(n)}/${volumeSlug("page", n)}`), `page ${n}`).toBe(true);
    expect((await get("/sitemap-1.xml")).status).toBe(404);
  });
});

describe("the article list", () => {
  it("shows a page of the newest articles with links through every page, and the last page ends with the oldest article", async () => {
    const first = await (await get("/articles")).text();
    const teasers = (html: string) =>
      parsedElements(html)
        .filter((el) => el.tagName === "a" && String(el.properties.href ?? "").startsWith("/articles/"))
        .map((el) => String(el.properties.href));
    expect(teasers(first)).toHaveLength(ARTICLES_PER_PAGE);
    expect(teasers(first)).toContain(`/articles/${volumeSlug("article", VOLUME.articles)}`);

    // The volume's articles and the demo site's few.
    const pageCount = pageCountOf(first);
    expect(pageCount).toBe(Math.ceil((VOLUME.articles + 4) / ARTICLES_PER_PAGE));
    expect(first).toContain(`href="/articles?page=${pageCount}"`);
    expect(first).toContain('href="/articles?page=2" rel="next"');

    const last = await get(`/articles?page=${pageCount}`);
    expect(last.status).toBe(200);
    const lastHtml = await last.text();
    expect(lastHtml).toContain(`Page ${pageCount} of ${pageCount}`);
    expect(teasers(lastHtml).at(-1)).toBe(`/articles/${volumeSlug("article", 1)}`);
    expect(lastHtml).not.toContain('rel="next"');

    // Page 101 lies past the CMS's 1,000-entry list limit: newest first, 2,000 articles before it.
    const deep = teasers(await (await get("/articles?page=101")).text());
    expect(deep).toHaveLength(ARTICLES_PER_PAGE);
    for (const href of deep) expect(href).toMatch(/^\/articles\/volume-article-\d{4}$/);
  });

  it("answers 404 past the last page and for a page number that is not one", async () => {
    const pageCount = pageCountOf(await (await get("/articles")).text());
    expect(pageCount).toBeGreaterThan(VOLUME.articles / ARTICLES_PER_PAGE);
    for (const page of [String(pageCount + 1), "0", "-1", "two", "1.5"]) expect((await get(`/articles?page=${page}`)).status, page).toBe(404);
  });
});

describe("webinars, bundles and memberships past the CMS's list limit", () => {
  it("opens webinar 1,100, bundle 1,100 and the information page of membership 1,100", async () => {
    const webinar = await get(hrefs.webinar(volumeSlug("webinar", VOLUME.webinars)));
    expect(webinar.status).toBe(200);
    expect(await webinar.text()).toContain(`Volume webinar ${VOLUME.webinars}`);
    const bundle = await get(hrefs.bundle(volumeSlug("bundle", VOLUME.bundles)));
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain(`Volume bundle ${VOLUME.bundles}`);
    const membership = await get(hrefs.membershipInfo(volumeSlug("membership", VOLUME.memberships)));
    expect(membership.status).toBe(200);
    expect(await membership.text()).toContain(`Volume membership ${VOLUME.memberships}`);
  });

  it("lists every webinar, bundle and membership in the sitemap", async () => {
    const locs = new Set([...(await (await get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
    for (let n = 1; n <= VOLUME.webinars; n++) expect(locs.has(`${SITE}${hrefs.webinar(volumeSlug("webinar", n))}`), `webinar ${n}`).toBe(true);
    for (let n = 1; n <= VOLUME.bundles; n++) expect(locs.has(`${SITE}${hrefs.bundle(volumeSlug("bundle", n))}`), `bundle ${n}`).toBe(true);
    for (let n = 1; n <= VOLUME.memberships; n++) expect(locs.has(`${SITE}${hrefs.membershipInfo(volumeSlug("membership", n))}`), `membership ${n}`).toBe(true);
  });
});
