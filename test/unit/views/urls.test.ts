import { describe, expect, it } from "vitest";
import { isExternal, safeHref } from "../../../src/shared/links";
import { HOSTILE_URLS } from "../../fixtures/hostile-urls";

const SITE = "https://guild.example";

/** Where a browser on the site would go when the link is followed (the URL standard's parser). */
const destination = (href: string) => new URL(href, `${SITE}/`);

describe("safeHref: CMS URLs that may become links", () => {
  it.each([
    "https://example.org/a?b=c",
    "http://example.org",
    "mailto:hello@guildhall.example",
    "tel:01632960123",
    "/webinars",
  ])("keeps %s", (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it("keeps a link as a browser reads it: tabs and newlines removed, ends trimmed", () => {
    expect(safeHref("  https://example.org/a\n")).toBe("https://example.org/a");
    expect(safeHref("/web\tinars")).toBe("/webinars");
  });

  it.each([
    ["javascript:alert(1)"],
    [" JavaScript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example/x"],
    ["\n//evil.example"],
    ["\u0000/\\evil.example"],
    ["/a\u0007b"],
    ["not a url"],
    [""],
    [null],
  ])("refuses %j", (url) => {
    expect(safeHref(url)).toBeNull();
  });

  it.each(HOSTILE_URLS)("never hides a way off the site or into script in %j", (url) => {
    const href = safeHref(url);
    if (href === null) return;
    const target = destination(href);
    expect(["http:", "https:", "mailto:", "tel:"]).toContain(target.protocol);
    const offSite = target.origin !== SITE && (target.protocol === "http:" || target.protocol === "https:");
    // A link that leaves the site is marked as external, and one marked internal stays.
    expect(isExternal(href, SITE)).toBe(offSite);
    if (href.startsWith("/")) expect(target.origin).toBe(SITE);
  });
});

describe("isExternal", () => {
  it("is true only for another origin", () => {
    expect(isExternal("https://other.example/x", SITE)).toBe(true);
    expect(isExternal("https://guild.example/about", SITE)).toBe(false);
    expect(isExternal("/about", SITE)).toBe(false);
    expect(isExternal("mailto:a@b.example", SITE)).toBe(false);
  });

  it("reads the URL as a browser does, so a path that resolves to another host is external", () => {
    expect(isExternal("/\t/evil.example/x", SITE)).toBe(true);
    expect(isExternal("/\\evil.example", SITE)).toBe(true);
    expect(isExternal(" https://guild.example/about", SITE)).toBe(false);
  });
});
