/**
 * Firebase ID token verification against a corpus of forged tokens. Keys are generated here;
 * a KeySource stands in for Google's published keys (which cannot be fetched offline).
 */
import { base64url, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { KeySource } from "../../src/adapters/firebase/google-keys";
import { createIdTokenVerifier } from "../../src/adapters/firebase/id-token-verifier";
import { InvalidIdTokenError, SigningKeysUnavailableError } from "../../src/domain/identity-errors";

const PROJECT = "guildhall-prod";
const NOW = 1_800_000_000;
let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
let otherKeys: { privateKey: CryptoKey; publicKey: CryptoKey };
let keySource: KeySource;

beforeAll(async () => {
  keys = (await generateKeyPair("RS256", { extractable: true })) as typeof keys;
  otherKeys = (await generateKeyPair("RS256", { extractable: true })) as typeof otherKeys;
  keySource = { key: async (kid) => (kid === "kid-1" ? keys.publicKey : null) };
});

const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: `https://securetoken.google.com/${PROJECT}`,
  aud: PROJECT,
  sub: "uid-123",
  iat: NOW - 60,
  exp: NOW + 3000,
  auth_time: NOW - 60,
  email: "Member@Guild.example",
  email_verified: true,
  firebase: { sign_in_provider: "password" },
  ...overrides,
});

async function sign(payload: JWTPayload, options: { kid?: string | null; key?: CryptoKey } = {}) {
  const header: { alg: "RS256"; kid?: string } = { alg: "RS256" };
  if (options.kid !== null) header.kid = options.kid ?? "kid-1";
  return new SignJWT(payload).setProtectedHeader(header).sign(options.key ?? keys.privateKey);
}

const unsigned = (payload: JWTPayload) =>
  `${base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url.encode(JSON.stringify(payload))}.`;

const verifier = (emulator = false, project = PROJECT) =>
  createIdTokenVerifier({ projectId: project, keys: keySource, emulator, now: () => NOW * 1000 });

async function refusal(token: string, emulator = false): Promise<string> {
  const error = await verifier(emulator)(token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the token should have been refused").toBeInstanceOf(InvalidIdTokenError);
  return (error as Error).message;
}

describe("Firebase ID token verification", () => {
  it("accepts a genuine token and maps its claims", async () => {
    expect(await verifier()(await sign(claims()))).toEqual({
      uid: "uid-123",
      email: "member@guild.example",
      emailVerified: true,
      authTime: NOW - 60,
      issuedAt: NOW - 60,
      expiresAt: NOW + 3000,
      signInProvider: "password",
    });
  });

  it("refuses alg none outside emulator mode", async () => {
    expect(await refusal(unsigned(claims()))).toContain("unsigned");
  });

  it("accepts the emulator's unsigned tokens in emulator mode, still checking every claim", async () => {
    expect((await verifier(true)(unsigned(claims()))).uid).toBe("uid-123");
    expect(await refusal(unsigned(claims({ aud: "other" })), true)).toContain("audience");
    expect(await refusal(unsigned(claims({ exp: NOW - 100 })), true)).toContain("expired");
  });

  it("refuses HS256 signed with the public key (algorithm confusion)", async () => {
    const pem = new TextEncoder().encode(await exportSPKI(keys.publicKey));
    const forged = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256", kid: "kid-1" }).sign(pem);
    expect(await refusal(forged)).toContain("not RS256");
  });

  it("says the keys are unavailable (not that the token is wrong) when Google's keys cannot be fetched", async () => {
    const down = createIdTokenVerifier({
      projectId: PROJECT,
      keys: { key: async () => Promise.reject(new Error("HTTP 503")) },
      emulator: false,
      now: () => NOW * 1000,
    });
    await expect(down(await sign(claims()))).rejects.toBeInstanceOf(SigningKeysUnavailableError);
  });

  it("refuses an unknown kid", async () => {
    expect(await refusal(await sign(claims(), { kid: "kid-unknown" }))).toContain("unknown kid");
  });

  it("refuses a token without kid", async () => {
    expect(await refusal(await sign(claims(), { kid: null }))).toContain("no kid");
  });

  it("refuses a token signed by another key under a known kid", async () => {
    await refusal(await sign(claims(), { key: otherKeys.privateKey }));
  });

  it("refuses an expired token", async () => {
    await refusal(await sign(claims({ exp: NOW - 3600, iat: NOW - 7200, auth_time: NOW - 7200 })));
  });

  it("refuses a token issued in the future", async () => {
    await refusal(await sign(claims({ iat: NOW + 600 })));
  });

  it("refuses an auth_time in the future", async () => {
    expect(await refusal(await sign(claims({ auth_time: NOW + 600 })))).toContain("future");
  });

  it("allows a small clock skew", async () => {
    expect((await verifier()(await sign(claims({ iat: NOW + 10, auth_time: NOW + 10 })))).uid).toBe("uid-123");
  });

  it("refuses the wrong audience", async () => {
    await refusal(await sign(claims({ aud: "someone-else" })));
  });

  it("refuses the wrong issuer", async () => {
    await refusal(await sign(claims({ iss: "https://securetoken.google.com/someone-else" })));
    await refusal(await sign(claims({ iss: "https://evil.example" })));
  });

  it("refuses a valid token of another Firebase project", async () => {
    const foreign = await sign(claims({ aud: "other-project", iss: "https://securetoken.google.com/other-project" }));
    await refusal(foreign);
    expect((await createIdTokenVerifier({ projectId: "other-project", keys: keySource, emulator: false, now: () => NOW * 1000 })(foreign)).uid).toBe("uid-123");
  });

  it("refuses an empty or over-long sub", async () => {
    await refusal(await sign(claims({ sub: "" })));
    expect(await refusal(await sign(claims({ sub: "x".repeat(129) })))).toContain("128");
  });

  it("refuses a tampered payload", async () => {
    const [header, , signature] = (await sign(claims())).split(".");
    const tampered = `${header}.${base64url.encode(JSON.stringify(claims({ sub: "admin" })))}.${signature}`;
    await refusal(tampered);
  });

  it.each(["", "not-a-jwt", "a.b", "a.b.c.d", "x".repeat(9000)])("refuses garbage %#", async (token) => {
    await refusal(token);
  });
});
