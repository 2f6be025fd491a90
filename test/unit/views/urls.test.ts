import { describe, expect, it } from "vitest";
import { isExternal, safeHref } from "../../../src/views/urls";

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

  it.each([
    ["javascript:alert(1)"],
    [" JavaScript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["not a url"],
    [""],
    [null],
  ])("refuses %s", (url) => {
    expect(safeHref(url)).toBeNull();
  });
});

describe("isExternal", () => {
  const site = "https://guildhall.example";
  it("is true only for another origin", () => {
    expect(isExternal("https://other.example/x", site)).toBe(true);
    expect(isExternal("https://guildhall.example/about", site)).toBe(false);
    expect(isExternal("/about", site)).toBe(false);
    expect(isExternal("mailto:a@b.example", site)).toBe(false);
  });
});
