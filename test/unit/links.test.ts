import { describe, expect, it } from "vitest";
import { pageHref } from "../../src/shared/links";

describe("pageHref (the link rule)", () => {
  it.each([
    [{ type: "Root", slug: "about" }, "/about"],
    [{ type: "Patients", slug: "back-pain" }, "/patients/back-pain"],
    [{ type: "Professionals", slug: "join-full-member" }, "/professionals/join-full-member"],
    [{ type: "User", slug: "membership" }, "/user/membership"],
    [{ type: "Webinars", slug: "spring-series" }, "/webinars/spring-series"],
  ])("%o -> %s", (page, href) => {
    expect(pageHref(page)).toBe(href);
  });

  it.each([
    [null],
    [undefined],
    [{}],
    [{ type: "Root" }],
    [{ slug: "about" }],
    [{ type: "", slug: "about" }],
    [{ type: "Root", slug: "" }],
    [{ type: "Root", slug: "   " }],
    [{ type: null, slug: null }],
  ])("gives / when the type or slug is missing: %o", (page) => {
    expect(pageHref(page)).toBe("/");
  });

  it("encodes characters that would change the URL's meaning", () => {
    expect(pageHref({ type: "Root", slug: "a?b#c" })).toBe("/a%3Fb%23c");
    expect(pageHref({ type: "Root", slug: "//evil.example" })).toBe("/%2F%2Fevil.example");
    expect(pageHref({ type: "Patients", slug: "../admin" })).toBe("/patients/..%2Fadmin");
  });
});
