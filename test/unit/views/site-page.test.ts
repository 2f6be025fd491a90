import { describe, expect, it } from "vitest";
import type { LayoutData, SidebarGroup } from "../../../src/domain/content";
import { buildHead, type HeadInput } from "../../../src/views/head-data";
import { HomeContent } from "../../../src/views/pages/home-content";
import type { IslandName } from "../../../src/views/site-context";
import { SitePage } from "../../../src/views/site-page";
import * as f from "../../fixtures/domain";
import { h, one, renderHtml, select, squash } from "./render";

interface PageOptions {
  path?: string;
  section?: SidebarGroup | null;
  islands?: IslandName[];
  layout?: LayoutData;
  head?: Partial<HeadInput>;
}

function page({ path = "/about", section = "root", islands = ["cart-badge"], layout = f.layout(), head = {} }: PageOptions = {}) {
  const site = f.site({ currentPath: path });
  const headData = buildHead({ site, path, globalSeo: layout.globalSeo, global: layout.global, defaultShareImage: site.assets.defaultShareImage, ...head });
  return renderHtml(h(SitePage, { site, layout, head: headData, section, islands, children: h("p", { id: "content" }, "Page content") }));
}

const meta = async (html: string, key: string) => (await one(html, `meta[name="${key}"], meta[property="${key}"]`)).attrs.content;

describe("SitePage: the document", () => {
  it("is an en-GB HTML5 document with charset, viewport, title, description, canonical and theme colour", async () => {
    const html = await page({ head: { pageTitle: "About the Guild", pageSeo: { metaTitle: null, metaDescription: "Who we are.", shareImage: null } } });
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect((await one(html, "html")).attrs.lang).toBe("en-GB");
    expect(await select(html, "meta[charset]")).toHaveLength(1);
    expect(await meta(html, "viewport")).toBe("width=device-width, initial-scale=1");
    expect((await one(html, "title")).text).toBe("About the Guild");
    expect(await meta(html, "description")).toBe("Who we are.");
    expect((await one(html, 'link[rel="canonical"]')).attrs.href).toBe("https://guildhall.example/about");
    expect(await meta(html, "theme-color")).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("has Open Graph and Twitter card tags with an absolute share image", async () => {
    const html = await page({ head: { pageTitle: "About the Guild", ogType: "article" } });
    expect(await meta(html, "og:type")).toBe("article");
    expect(await meta(html, "og:title")).toBe("About the Guild");
    expect(await meta(html, "og:site_name")).toBe("Guildhall");
    expect(await meta(html, "og:url")).toBe("https://guildhall.example/about");
    expect(await meta(html, "og:image")).toBe("https://guildhall.example/uploads/share-image.jpg");
    expect(await meta(html, "og:image:width")).toBe("1200");
    expect(await meta(html, "og:image:alt")).toBe("Abstract teal and sand shapes, the Guildhall colours");
    expect(await meta(html, "twitter:card")).toBe("summary_large_image");
    expect(await meta(html, "twitter:image")).toBe("https://guildhall.example/uploads/share-image.jpg");
  });

  it("sets the favicon from the global attributes, and robots noindex only when asked", async () => {
    const html = await page();
    expect((await one(html, 'link[rel="icon"]')).attrs).toMatchObject({ href: "/uploads/favicon.png", type: "image/png" });
    expect(await select(html, 'meta[name="robots"]')).toHaveLength(0);
    expect(await meta(await page({ head: { noindex: true } }), "robots")).toBe("noindex");
  });

  it("loads one stylesheet and each island as an async module, with no inline script or style", async () => {
    const html = await page();
    expect((await select(html, 'link[rel="stylesheet"]')).map((l) => l.attrs.href)).toEqual(["/assets/site-abc123.css"]);
    const scripts = await select(html, "script");
    expect(scripts.map((s) => s.attrs)).toEqual([{ type: "module", src: "/assets/islands/cart-badge-abc123.js", async: "" }]);
    expect(await select(html, "style, [style]")).toHaveLength(0);
  });

  it("streams a webinars list whose reveal scripts carry the renderer's CSP nonce", async () => {
    const site = f.site({ currentPath: "/" });
    const layout = f.layout();
    const headData = buildHead({ site, path: "/", globalSeo: layout.globalSeo, global: layout.global, defaultShareImage: "/x.png" });
    const ctx = f.blockContext();
    const tree = h(SitePage, { site, layout, head: headData, section: null, islands: [], children: h(HomeContent, { homepage: f.homepage(), ctx }) });
    const html = await renderHtml(tree, { nonce: "r4nd0m" });
    const inline = (await select(html, "script")).filter((s) => !s.attrs.src);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(script.attrs.nonce).toBe("r4nd0m");
  });

  it("ships no JavaScript on a page without islands", async () => {
    expect(await select(await page({ islands: [] }), "script")).toHaveLength(0);
  });
});

describe("SitePage: the layout", () => {
  it("has a skip link to the main landmark, a header, the content in main, and a footer", async () => {
    const html = await page();
    expect((await one(html, "a.skip-link")).attrs.href).toBe("#main");
    expect((await one(html, "main")).attrs.id).toBe("main");
    expect((await one(html, "main #content")).text).toBe("Page content");
    expect(await select(html, "header.site-header")).toHaveLength(1);
    expect(await select(html, "footer.site-footer")).toHaveLength(1);
  });

  it("shows the site name and the favicon as the brand, linking home", async () => {
    const html = await page();
    const brand = await one(html, "a.brand");
    expect(brand.attrs.href).toBe("/");
    expect(squash(brand.text)).toBe("Guildhall The Guild of Example Physiotherapists");
    expect((await one(html, "a.brand img")).attrs).toMatchObject({ src: "/uploads/favicon.png", alt: "", "aria-hidden": "true" });
  });

  it("has the cart link placeholder for its island and a sign-in link", async () => {
    const html = await page();
    const cart = await one(html, "a.cart-link");
    expect(cart.attrs).toMatchObject({ href: "/cart", "data-island-root": "cart-badge" });
    expect((await one(html, "a.cart-link span[data-cart-count]")).attrs.hidden).toBe("");
    expect(squash((await one(html, 'a[href="/login"]')).text)).toBe("Sign in");
  });

  describe("primary navigation", () => {
    it("links items without child pages by the link rule", async () => {
      const html = await page();
      const contact = (await select(html, ".primary-nav--desktop .primary-nav__item > a")).map((a) => [a.text, a.attrs.href]);
      expect(contact).toEqual([["Contact", "/contact"]]);
    });

    it("opens child pages in a <details> disclosure (no JavaScript), the item's own page first", async () => {
      const html = await page();
      const summaries = (await select(html, ".primary-nav--desktop details > summary")).map((s) => s.text);
      expect(summaries).toEqual(["About", "Patients", "Professionals", "Webinars"]);
      const about = (await select(html, ".primary-nav--desktop details:nth-of-type(1) .submenu__list a")).slice(0, 4);
      expect(about.map((a) => [a.text, a.attrs.href])).toEqual([
        ["About the Guild", "/about"],
        ["Our history", "/about/our-history"],
        ["Governance", "/about/governance"],
        ["Contact us", "/contact"],
      ]);
    });

    it("lists a page once even when it is both the item's page and a child", async () => {
      const html = await page();
      const professionals = (await select(html, ".primary-nav--desktop .submenu__list a")).filter((a) => a.attrs.href === "/professionals/join-full-member");
      expect(professionals).toHaveLength(1);
    });

    it("opens one desktop menu at a time (an exclusive details group)", async () => {
      const groups = (await select(await page(), ".primary-nav--desktop details")).map((d) => d.attrs.name);
      expect(new Set(groups)).toEqual(new Set(["main-nav"]));
    });

    it("folds behind a Menu disclosure on phones", async () => {
      const html = await page();
      expect((await one(html, "details.menu-toggle > summary")).text).toBe("Menu");
      expect(await select(html, "details.menu-toggle nav.primary-nav--mobile")).toHaveLength(1);
    });

    it("marks the current page", async () => {
      const current = await select(await page({ path: "/about/governance" }), ".primary-nav--desktop a[aria-current=page]");
      expect(current.map((a) => a.attrs.href)).toEqual(["/about/governance"]);
    });
  });

  describe("section sidebar", () => {
    it("shows the section's links and dropdowns, marking the current page and opening its dropdown", async () => {
      const html = await page({ path: "/patients/back-pain", section: "patients" });
      const nav = await one(html, "nav.section-nav");
      expect(nav.attrs["aria-labelledby"]).toBe("section-nav-patients");
      expect((await one(html, "#section-nav-patients")).text).toBe("Patients");
      expect((await select(html, ".section-nav__list > li > a")).map((a) => [a.text, a.attrs.href])).toEqual([
        ["Find a physiotherapist", "/patients/find-a-physiotherapist"],
      ]);
      expect((await one(html, ".section-nav details > summary")).text).toBe("Advice");
      expect((await one(html, ".section-nav details")).attrs.open).toBe("");
      const current = await select(html, ".section-nav a[aria-current=page]");
      expect(current.map((a) => a.attrs.href)).toEqual(["/patients/back-pain"]);
    });

    it("keeps dropdowns without the current page closed", async () => {
      const html = await page({ path: "/patients/find-a-physiotherapist", section: "patients" });
      expect((await one(html, ".section-nav details")).attrs.open).toBeUndefined();
      expect((await one(html, ".section-nav a[aria-current=page]")).attrs.href).toBe("/patients/find-a-physiotherapist");
    });

    it("is absent without a section, or when the section's group is empty", async () => {
      expect(await select(await page({ section: null }), "nav.section-nav")).toHaveLength(0);
      const layout = { ...f.layout(), sidebar: { ...f.layout().sidebar, root: [] } };
      expect(await select(await page({ section: "root", layout }), "nav.section-nav")).toHaveLength(0);
    });
  });

  describe("footer", () => {
    it("has the organisation, address, PO box, e-mail (mailto) and phone (tel)", async () => {
      const html = await page();
      const contact = squash((await one(html, ".site-footer address")).text);
      expect(contact).toContain("The Guild of Example Physiotherapists");
      expect((await select(html, ".site-footer address .line")).map((l) => l.text)).toEqual([
        "12 Example Row",
        "Sampleton",
        "EX1 2MP",
        "PO Box 1921, Sampleton EX1 9ZZ",
      ]);
      expect((await one(html, 'a[href="mailto:hello@guildhall.example"]')).text).toBe("hello@guildhall.example");
      expect((await one(html, 'a[href="tel:01632960123"]')).text).toBe("01632 960 123");
    });

    it("has the footer links by the link rule", async () => {
      const links = await select(await page(), 'nav[aria-labelledby="footer-links"] a');
      expect(links.map((a) => a.attrs.href)).toEqual(["/about", "/contact", "/professionals/join-full-member", "/privacy-policy", "/terms"]);
    });

    it("has social links with accessible names", async () => {
      const links = await select(await page(), 'section[aria-labelledby="footer-social"] a');
      expect(links.map((a) => [squash(a.text), a.attrs.href, a.attrs.rel])).toEqual([
        ["The Guild of Example Physiotherapists on X (Twitter)", "https://twitter.example/guildhall-demo", "noopener noreferrer"],
        ["The Guild of Example Physiotherapists on Facebook", "https://facebook.example/guildhall-demo", "noopener noreferrer"],
        ["The Guild of Example Physiotherapists on LinkedIn", "https://linkedin.example/company/guildhall-demo", "noopener noreferrer"],
        ["The Guild of Example Physiotherapists on Instagram", "https://instagram.example/guildhall-demo", "noopener noreferrer"],
      ]);
    });

    it("leaves out empty fields and unsafe social links", async () => {
      const layout = f.layout();
      layout.footer = {
        ...layout.footer,
        socialLinks: { twitter: "javascript:alert(1)", facebook: null, linkedIn: null, instagram: null },
        contactFields: { emailAddress: null, organizationName: null, phoneNumber: null, poBox: null },
        address: null,
      };
      const html = await page({ layout });
      expect(html).not.toContain("javascript:");
      expect(await select(html, 'section[aria-labelledby="footer-social"]')).toHaveLength(0);
      expect(await select(html, 'a[href^="mailto:"], a[href^="tel:"]')).toHaveLength(0);
      expect((await one(html, ".site-footer__org")).text).toBe("Guildhall");
    });
  });
});
