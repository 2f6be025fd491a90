/** Session rules of the auth service, with in-memory stores and a fixed clock. */
import { describe, expect, it } from "vitest";
import type { SessionRecord, SessionStore } from "../../src/adapters/d1/sessions";
import type { IdTokenClaims } from "../../src/adapters/firebase/id-token-verifier";
import type { IdentityToolkit } from "../../src/adapters/firebase/identity-toolkit";
import type { AccountCheck } from "../../src/services/auth/account-check";
import { createAuthService, SignInRefused } from "../../src/services/auth/auth-service";
import { createRecordingLog } from "../support/worker/memory-store";

const NOW = 1_800_000_000;
const SECRET = "s".repeat(40);

function memorySessions(): SessionStore & { rows: Map<string, SessionRecord> } {
  const rows = new Map<string, SessionRecord>();
  const revokeWhere = (match: (row: SessionRecord) => boolean) => {
    let n = 0;
    for (const [id, row] of rows) if (match(row) && !row.revokedAt) (rows.set(id, { ...row, revokedAt: "now" }), n++);
    return n;
  };
  const update = (id: string, change: Partial<SessionRecord>) => {
    const row = rows.get(id);
    if (row) rows.set(id, { ...row, ...change });
  };
  return {
    rows,
    create: async (s) => void rows.set(s.id, { ...s, createdAt: "now", revokedAt: null, accountCheckFailedAt: null, secondFactorAt: null }),
    find: async (id) => rows.get(id) ?? null,
    revoke: async (id) => void revokeWhere((row) => row.id === id),
    revokeAllForUser: async (userId) => revokeWhere((row) => row.userId === userId),
    revokeSignedInBefore: async (userId, seconds) => revokeWhere((row) => row.userId === userId && row.authTime < seconds),
    markAccountChecked: async (id, seconds) => update(id, { accountCheckedAt: seconds, accountCheckFailedAt: null }),
    markAccountCheckFailed: async (id, seconds) => update(id, { accountCheckFailedAt: seconds }),
    markSecondFactor: async (id, seconds) => update(id, { secondFactorAt: seconds }),
    // A D1 statement for the staff team's batches: nothing the auth service uses.
    revokePassedSecondFactor: () => {
      throw new Error("the auth service does not revoke staff sessions");
    },
  };
}

function setup(claims: Partial<IdTokenClaims> = {}, options: { accountCheck?: AccountCheck; identity?: IdentityToolkit; tokens?: string[] } = {}) {
  const sessions = memorySessions();
  const claimed: IdTokenClaims[] = [];
  const token: IdTokenClaims = {
    uid: "uid-1",
    email: "a@guild.example",
    emailVerified: true,
    authTime: NOW - 30,
    issuedAt: NOW - 30,
    expiresAt: NOW + 3000,
    signInProvider: "password",
    ...claims,
  };
  const service = createAuthService({
    verifyIdToken: async (idToken) => {
      options.tokens?.push(idToken);
      return token;
    },
    identity: options.identity ?? ({} as IdentityToolkit),
    sessions,
    membership: async () => ({ member: false, membershipSlug: null }),
    mergedAway: async () => false,
    claimMembership: async (verified) => claimed.push(verified),
    accountCheck: options.accountCheck ?? null,
    secret: SECRET,
    maxAgeSeconds: 3600,
    now: () => NOW * 1000,
    log: createRecordingLog().log,
  });
  return { service, sessions, claimed };
}

describe("auth service", () => {
  it("opens a session from a fresh sign-in, with an explicit expiry, readable back from its cookie", async () => {
    const { service } = setup();
    const { session, token } = await service.sessionFromSignIn("id-token");
    expect(session).toMatchObject({ userId: "uid-1", email: "a@guild.example", expiresAt: NOW + 3600 });
    expect(await service.currentSession(token)).toEqual(session);
  });

  it("refuses to open a session from a sign-in older than five minutes", async () => {
    const { service } = setup({ authTime: NOW - 301 });
    await expect(service.sessionFromSignIn("id-token")).rejects.toBeInstanceOf(SignInRefused);
  });

  it("token sync refuses tokens issued more than five minutes ago", async () => {
    const { service } = setup({ issuedAt: NOW - 301, authTime: NOW - 7200 });
    await expect(service.sessionFromTokenSync("id-token", null)).rejects.toMatchObject({ reason: "stale-token" });
  });

  it("token sync keeps the current session of the same user and replaces another user's", async () => {
    const { service, sessions } = setup({ authTime: NOW - 7200 });
    const opened = await service.sessionFromTokenSync("id-token", null);
    expect(opened.token).toBeTruthy();
    expect((await service.sessionFromTokenSync("id-token", opened.session)).token).toBeNull();
    const other = { ...opened.session, id: "other", userId: "uid-2" };
    await sessions.create({ ...other, expiresAt: new Date((NOW + 60) * 1000).toISOString(), accountCheckedAt: NOW });
    const replaced = await service.sessionFromTokenSync("id-token", other);
    expect(replaced.token).toBeTruthy();
    expect(sessions.rows.get("other")?.revokedAt).toBe("now");
  });

  it("offers every verified token that opens or keeps a session to claim a waiting membership", async () => {
    const { service, claimed } = setup({ authTime: NOW - 60 });
    const { session } = await service.sessionFromSignIn("id-token");
    await service.sessionFromTokenSync("id-token", session);
    expect(claimed.map((c) => c.uid)).toEqual(["uid-1", "uid-1"]);
  });

  it("a revoked or expired session is no session", async () => {
    const { service, sessions } = setup();
    const { session, token } = await service.sessionFromSignIn("id-token");
    await service.endSession(session);
    expect(await service.currentSession(token)).toBeNull();
    const second = await service.sessionFromSignIn("id-token");
    const row = sessions.rows.get(second.session.id)!;
    sessions.rows.set(row.id, { ...row, expiresAt: new Date((NOW - 1) * 1000).toISOString() });
    expect(await service.currentSession(second.token)).toBeNull();
  });

  it("records the token's issue time as when Firebase last vouched for the account", async () => {
    const { service, sessions } = setup({ issuedAt: NOW - 20 });
    const { session } = await service.sessionFromSignIn("id-token");
    expect(sessions.rows.get(session.id)?.accountCheckedAt).toBe(NOW - 20);
  });

  it("asks the account check about every session it reads, and a session the check refuses is no session", async () => {
    const checked: string[] = [];
    let keep = true;
    const { service } = setup({}, { accountCheck: async (record) => (checked.push(record.id), keep) });
    const { session, token } = await service.sessionFromSignIn("id-token");
    expect(await service.currentSession(token)).toEqual(session);
    keep = false;
    expect(await service.currentSession(token)).toBeNull();
    expect(checked).toEqual([session.id, session.id]);
  });

  it("a password change opens the new session from a sign-in made after the change, not from the change's own token", async () => {
    const calls: string[] = [];
    const identity = {
      signInWithPassword: async (_email: string, password: string) => (calls.push(`sign in with ${password}`), { idToken: `token-${password}`, refreshToken: "r", uid: "uid-1" }),
      updatePassword: async (_idToken: string, password: string) => (calls.push(`change to ${password}`), { idToken: "token-from-change", refreshToken: "r", uid: "uid-1" }),
    } as unknown as IdentityToolkit;
    const tokens: string[] = [];
    const { service, sessions } = setup({}, { identity, tokens });
    const { session } = await service.sessionFromSignIn("id-token");
    const changed = await service.changePassword(session, "old-password", "new-password");
    expect(calls).toEqual(["sign in with old-password", "change to new-password", "sign in with new-password"]);
    expect(tokens.at(-1)).toBe("token-new-password");
    expect(sessions.rows.get(session.id)?.revokedAt).toBe("now");
    expect(sessions.rows.get(changed.session.id)?.revokedAt).toBeNull();
  });
});
