import { describe, expect, it } from "vitest";
import { csrfTokenFor, csrfTokenMatches, newCsrfSecret } from "../../src/services/auth/csrf";

const SECRET = "s".repeat(40);

describe("CSRF tokens", () => {
  it("match the cookie they were made for", async () => {
    const cookie = newCsrfSecret();
    expect(await csrfTokenMatches(await csrfTokenFor(cookie, SECRET), cookie, SECRET)).toBe(true);
  });

  it("do not match another cookie, another secret, or nothing", async () => {
    const cookie = newCsrfSecret();
    const token = await csrfTokenFor(cookie, SECRET);
    expect(await csrfTokenMatches(token, newCsrfSecret(), SECRET)).toBe(false);
    expect(await csrfTokenMatches(token, cookie, "o".repeat(40))).toBe(false);
    expect(await csrfTokenMatches(undefined, cookie, SECRET)).toBe(false);
    expect(await csrfTokenMatches(token, undefined, SECRET)).toBe(false);
    expect(await csrfTokenMatches(cookie, cookie, SECRET)).toBe(false);
  });

  it("are random per browser", () => {
    expect(newCsrfSecret()).not.toBe(newCsrfSecret());
  });
});
