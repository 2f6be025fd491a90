import { describe, expect, it } from "vitest";
import { decodeBase64url, encodeBase64url } from "../../src/shared/base64url";

describe("base64url", () => {
  it("round-trips every byte value, without padding or URL-unsafe characters", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = encodeBase64url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBase64url(text)).toEqual(bytes);
    expect(encodeBase64url(new Uint8Array([251, 255]).buffer)).toBe("-_8");
  });

  it("encodes a large buffer without overflowing the stack", () => {
    const bytes = new Uint8Array(300_000).fill(7);
    expect(decodeBase64url(encodeBase64url(bytes))?.length).toBe(300_000);
  });

  it("refuses text that is not canonical base64url", () => {
    expect(decodeBase64url("ab+c")).toBeNull();
    expect(decodeBase64url("abc=")).toBeNull();
    expect(decodeBase64url("a")).toBeNull();
    // "-_8" is canonical for [251, 255]; "-_9" differs only in its spare bits.
    expect(decodeBase64url("-_9")).toBeNull();
  });
});
