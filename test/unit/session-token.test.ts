import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signSessionToken, verifySessionToken } from "../../src/services/auth/session-token";

const SECRET = "s".repeat(40);
const NOW = 1_800_000_000_000;
const claims = { sessionId: "sid-1", userId: "uid-1", email: "a@guild.example", expiresAt: NOW / 1000 + 3600 };

describe("session token", () => {
  it("round-trips its claims", async () => {
    expect(await verifySessionToken(await signSessionToken(claims, SECRET), SECRET, NOW)).toEqual(claims);
  });

  it("refuses a token signed with another secret", async () => {
    expect(await verifySessionToken(await signSessionToken(claims, "o".repeat(40)), SECRET, NOW)).toBeNull();
  });

  it("refuses an expired token", async () => {
    expect(await verifySessionToken(await signSessionToken(claims, SECRET), SECRET, NOW + 3_601_000)).toBeNull();
  });

  it("refuses a tampered payload", async () => {
    const [header, payload, signature] = (await signSessionToken(claims, SECRET)).split(".");
    const decoded = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...decoded, sub: "someone-else" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(await verifySessionToken(`${header}.${forged}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it("refuses alg none and a token for another audience", async () => {
    const none = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify({ sid: "x", sub: "y", exp: NOW / 1000 + 60 }))}.`;
    expect(await verifySessionToken(none, SECRET, NOW)).toBeNull();
    const foreign = await new SignJWT({ sid: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("y")
      .setIssuer("guildhall")
      .setAudience("something-else")
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifySessionToken(foreign, SECRET, NOW)).toBeNull();
  });

  it("carries no secrets: only ids, e-mail and times", async () => {
    const payload = JSON.parse(atob((await signSessionToken(claims, SECRET)).split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(Object.keys(payload).sort()).toEqual(["aud", "email", "exp", "iat", "iss", "sid", "sub"]);
  });
});
