import { describe, expect, it } from "vitest";
import type { GlobalSeo, Media, Seo } from "../../src/domain/content";
import { buildHead, type HeadInput } from "../../src/views/head-data";
import { media } from "../fixtures/domain";

const site = { name: "Guildhall", url: "https://guildhall.example" };
const share = media("share-image.jpg", 1200, 630, "Teal shapes");
const pageShare = media("page-share.jpg", 1000, 500, "A page's own picture");

const globalSeo = (overrides: Partial<GlobalSeo> = {}): GlobalSeo => ({
  metaTitle: "Guildhall - The Guild",
  metaDescription: "The Guild's description.",
  shareImage: share,
  ...overrides,
});

const head = (overrides: Partial<HeadInput> = {}) =>
  buildHead({
    site,
    path: "/about",
    globalSeo: globalSeo(),
    global: { favicon: null },
    defaultShareImage: "/assets/share-default-abc.png",
    ...overrides,
  });

const seo = (overrides: Partial<Seo> = {}): Seo => ({ metaTitle: null, metaDescription: null, shareImage: null, ...overrides });

describe("buildHead: the global SEO merged with the page's own", () => {
  it("takes each field from the page's SEO when it has one", () => {
    const result = head({ pageSeo: seo({ metaTitle: "About us", metaDescription: "Who we are.", shareImage: pageShare }), pageTitle: "About" });
    expect(result.title).toBe("About us");
    expect(result.description).toBe("Who we are.");
    expect(result.image).toEqual({ url: "https://guildhall.example/uploads/page-share.jpg", width: 1000, height: 500, alt: "A page's own picture" });
  });

  it("merges field by field: a page with only a title keeps the global description and image", () => {
    const result = head({ pageSeo: seo({ metaTitle: "About us" }) });
    expect(result).toMatchObject({ title: "About us", description: "The Guild's description." });
    expect(result.image.url).toBe("https://guildhall.example/uploads/share-image.jpg");
  });

  it("uses the page's own title and summary when its SEO has none", () => {
    const result = head({ pageSeo: seo(), pageTitle: "Five myths about back pain", pageDescription: "What the evidence says." });
    expect(result).toMatchObject({ title: "Five myths about back pain", description: "What the evidence says." });
  });

  it("falls back to the global title, then the site name when no title exists anywhere", () => {
    expect(head().title).toBe("Guildhall - The Guild");
    expect(head({ globalSeo: globalSeo({ metaTitle: null }) }).title).toBe("Guildhall");
    expect(head({ globalSeo: globalSeo({ metaTitle: "  " }), pageSeo: seo({ metaTitle: "" }), pageTitle: " " }).title).toBe("Guildhall");
  });

  it("has no description when none exists", () => {
    expect(head({ globalSeo: globalSeo({ metaDescription: null }) }).description).toBeNull();
  });

  it("uses the default share image, made absolute, when neither the page nor the global SEO has one", () => {
    const result = head({ globalSeo: globalSeo({ shareImage: null }) });
    expect(result.image).toEqual({ url: "https://guildhall.example/assets/share-default-abc.png", width: null, height: null, alt: null });
  });

  it("keeps a share image that is already absolute (a CDN upload provider)", () => {
    const cdn: Media = { ...share, url: "https://cdn.example/share.jpg" };
    expect(head({ globalSeo: globalSeo({ shareImage: cdn }) }).image.url).toBe("https://cdn.example/share.jpg");
  });

  it.each([
    ["png", "image/png"],
    ["svg", "image/svg+xml"],
    ["jpg", "image/jpeg"],
  ] as const)("sets a %s favicon from the global attributes with type %s", (fileType, type) => {
    const favicon = { ...media(`favicon.${fileType}`, 64, 64), fileType };
    expect(head({ global: { favicon } }).favicon).toEqual({ url: `/uploads/favicon.${fileType}`, type });
  });

  it("has no favicon when the global attributes have none", () => {
    expect(head().favicon).toBeNull();
  });

  it("builds the canonical URL from the site URL and the path, without query or fragment", () => {
    expect(head({ path: "/about?utm_source=x#team" }).canonical).toBe("https://guildhall.example/about");
    expect(head({ path: "/" }).canonical).toBe("https://guildhall.example/");
  });

  it("never names another host as canonical", () => {
    expect(head({ path: "//evil.example/page" }).canonical).toBe("https://guildhall.example/evil.example/page");
  });

  it("is indexable and a website by default; noindex and article when asked", () => {
    expect(head()).toMatchObject({ noindex: false, ogType: "website" });
    expect(head({ noindex: true, ogType: "article" })).toMatchObject({ noindex: true, ogType: "article" });
  });
});
