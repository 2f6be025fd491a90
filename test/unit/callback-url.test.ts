import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "../../src/services/auth/callback-url";
import { HOSTILE_URLS } from "../fixtures/hostile-urls";

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

  it.each(HOSTILE_URLS)("refuses %j and falls back to /", (input) => {
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
