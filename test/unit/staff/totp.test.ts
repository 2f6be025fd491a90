/** TOTP (RFC 6238, SHA-1, 6 digits, 30 s), the sealed secrets and the recovery codes. */
import { describe, expect, it } from "vitest";
import { newRecoveryCode, normalRecoveryCode, recoveryCodeHash } from "../../../src/services/staff/recovery-codes";
import { createSecretBox } from "../../../src/services/staff/secret-box";
import { base32Decode, base32Encode, matchingStep, otpauthUri, timeStep, totpCode } from "../../../src/services/staff/totp";

// RFC 6238 appendix B's SHA-1 key; its 8-digit codes end in these 6 digits.
const RFC_KEY = new TextEncoder().encode("12345678901234567890");

describe("TOTP codes", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("match RFC 6238's test vector at %i seconds", async (seconds, code) => {
    expect(await totpCode(RFC_KEY, timeStep(seconds))).toBe(code);
  });

  it("accept one step either side of now and no further, naming the step", async () => {
    const now = 1_800_000_015;
    const step = timeStep(now);
    for (const offset of [-1, 0, 1]) expect(await matchingStep(RFC_KEY, await totpCode(RFC_KEY, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(await matchingStep(RFC_KEY, await totpCode(RFC_KEY, step + offset), now)).toBeNull();
    expect(await matchingStep(RFC_KEY, "000000", now)).toBeNull();
  });
});

describe("base32 keys and the otpauth URI", () => {
  it("round-trip bytes and read typed keys leniently", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
    expect(base32Encode(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("not base32!")).toBeNull();
  });

  it("names the issuer, account and parameters", () => {
    expect(otpauthUri("Guildhall", "staff@guildhall.example", "ABCD")).toBe(
      "otpauth://totp/Guildhall%3Astaff%40guildhall.example?secret=ABCD&issuer=Guildhall&algorithm=SHA1&digits=6&period=30",
    );
  });
});

describe("sealed secrets", () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  it("open only with the same key and the same owner, and never repeat", async () => {
    const box = createSecretBox(key);
    const secret = crypto.getRandomValues(new Uint8Array(20));
    const sealed = await box.seal(secret, "a@example.org");
    expect(sealed).not.toContain(base32Encode(secret));
    expect(await box.seal(secret, "a@example.org")).not.toBe(sealed);
    expect(await box.open(sealed, "a@example.org")).toEqual(secret);
    expect(await box.open(sealed, "b@example.org")).toBeNull();
    expect(await createSecretBox(crypto.getRandomValues(new Uint8Array(32))).open(sealed, "a@example.org")).toBeNull();
    expect(await box.open("garbage", "a@example.org")).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are ten characters without look-alikes, read in any case with or without the dash", () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(code).not.toMatch(/[01ilo]/);
    expect(normalRecoveryCode(code.toUpperCase().replace("-", " "))).toBe(code);
    expect(normalRecoveryCode("abcde")).toBeNull();
    expect(normalRecoveryCode("abcde-fghi1")).toBeNull();
  });

  it("are stored as SHA-256 digests", async () => {
    expect(await recoveryCodeHash("abcde-fghjk")).toMatch(/^[0-9a-f]{64}$/);
  });
});
