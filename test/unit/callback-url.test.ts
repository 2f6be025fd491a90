import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "../../src/services/auth/callback-url";

const SITE = "https://guild.example";

describe("safeCallbackUrl", () => {
  it.each([
    ["/", "/"],
    ["/user/account", "/user/account"],
    ["/webinars?filter=past#list", "/webinars?filter=past#list"],
    ["https://guild.example/members", "/members"],
    ["/patients/back%20pain", "/patients/back%20pain"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeCallbackUrl(input, SITE)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "http://guild.example/over-http",
    "https://guild.example.evil.example/",
    "https://guild.example@evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    " //evil.example",
    "/\n/evil.example",
    "evil.example",
    "",
    "%E0%A4%A",
  ])("refuses %j and falls back to /", (input) => {
    expect(safeCallbackUrl(input, SITE)).toBe("/");
  });

  it("refuses an over-long URL", () => {
    expect(safeCallbackUrl(`/${"a".repeat(3000)}`, SITE)).toBe("/");
  });

  it("falls back to / for nothing", () => {
    expect(safeCallbackUrl(null, SITE)).toBe("/");
    expect(safeCallbackUrl(undefined, SITE)).toBe("/");
  });
});
