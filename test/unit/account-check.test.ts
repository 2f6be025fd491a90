/** The hourly account check of a session, with in-memory sessions, a fixed clock and a scripted lookup. */
import { describe, expect, it } from "vitest";
import type { SessionRecord } from "../../src/adapters/d1/sessions";
import { createAccountLookup, type AccountLookup, type AccountState } from "../../src/adapters/firebase/account-lookup";
import { ACCOUNT_CHECK_INTERVAL_SECONDS, ACCOUNT_CHECK_RETRY_SECONDS, createAccountCheck } from "../../src/services/auth/account-check";
import { createRecordingLog } from "../support/worker/memory-store";

const NOW = 1_800_000_000;
const SIGNED_IN = NOW - 2 * 3600;

function session(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: "s1",
    userId: "uid-1",
    email: "a@guild.example",
    emailVerified: true,
    createdAt: "then",
    expiresAt: new Date((NOW + 3600) * 1000).toISOString(),
    authTime: SIGNED_IN,
    revokedAt: null,
    secondFactorAt: null,
    accountCheckedAt: NOW - ACCOUNT_CHECK_INTERVAL_SECONDS - 1,
    accountCheckFailedAt: null,
    ...overrides,
  };
}

const GOOD = { exists: true, disabled: false, email: "a@guild.example", emailVerified: true } as const;

function setup(answer: AccountState | Error | AccountLookup = { ...GOOD, validSince: SIGNED_IN - 100 }) {
  const events: string[] = [];
  const lookups: string[] = [];
  const recording = createRecordingLog();
  const lookup: AccountLookup =
    typeof answer === "function"
      ? answer
      : async (uid) => {
          lookups.push(uid);
          if (answer instanceof Error) throw answer;
          return answer;
        };
  const check = createAccountCheck({
    lookup,
    sessions: {
      markAccountChecked: async (id, at) => void events.push(`checked ${id} at ${at}`),
      markAccountCheckFailed: async (id, at) => void events.push(`failed ${id} at ${at}`),
      revokeAllForUser: async (userId) => (events.push(`revoke all of ${userId}`), 2),
      revokeSignedInBefore: async (userId, seconds) => (events.push(`revoke ${userId}'s sign-ins before ${seconds}`), 1),
    },
    now: () => NOW * 1000,
    log: recording.log,
    addressChanged: async (userId, email) => void events.push(`address of ${userId} now ${email}`),
  });
  return { check, events, lookups, lines: recording.lines };
}

describe("re-checking a session's account", () => {
  it("does not ask within the hour since Firebase last vouched for the account", async () => {
    const { check, lookups } = setup();
    expect(await check(session({ accountCheckedAt: NOW - ACCOUNT_CHECK_INTERVAL_SECONDS + 1 }))).toBe(true);
    expect(lookups).toEqual([]);
  });

  it("after the hour, keeps a session whose account is in good standing and records the check", async () => {
    const { check, events, lookups } = setup();
    expect(await check(session())).toBe(true);
    expect(lookups).toEqual(["uid-1"]);
    expect(events).toEqual([`checked s1 at ${NOW}`]);
  });

  it.each([
    ["deleted", { exists: false } as const, "revoke all of uid-1"],
    ["disabled", { ...GOOD, disabled: true, validSince: null } as const, "revoke all of uid-1"],
    ["signed-in-before-revocation", { ...GOOD, validSince: SIGNED_IN + 1 } as const, `revoke uid-1's sign-ins before ${SIGNED_IN + 1}`],
    ["email-changed", { ...GOOD, validSince: null, email: "new@guild.example" } as const, "address of uid-1 now new@guild.example"],
    // An address nobody has verified is never copied into our records; the sessions still end.
    ["email-changed", { ...GOOD, validSince: null, email: "new@guild.example", emailVerified: false } as const, "revoke all of uid-1"],
  ])("refuses and revokes when the account is %s", async (reason, account, revocation) => {
    const { check, events, lines } = setup(account);
    expect(await check(session())).toBe(false);
    expect(events).toEqual([revocation]);
    expect(lines).toContainEqual(expect.objectContaining({ event: "auth.sessions_revoked", fields: expect.objectContaining({ userId: "uid-1", reason }) }));
  });

  it("keeps a sign-in made in the same second as validSince (the password change's own new sign-in)", async () => {
    const { check } = setup({ ...GOOD, validSince: SIGNED_IN });
    expect(await check(session())).toBe(true);
  });

  it("keeps the session when Firebase cannot be asked, logs it, and waits a few minutes before asking again", async () => {
    const { check, events, lines, lookups } = setup(new Error("Network connection lost"));
    expect(await check(session())).toBe(true);
    expect(events).toEqual([`failed s1 at ${NOW}`]);
    expect(lines).toContainEqual(expect.objectContaining({ level: "error", event: "auth.account_check_failed" }));

    expect(await check(session({ accountCheckFailedAt: NOW - ACCOUNT_CHECK_RETRY_SECONDS + 1 }))).toBe(true);
    expect(lookups).toHaveLength(1);
    await check(session({ accountCheckFailedAt: NOW - ACCOUNT_CHECK_RETRY_SECONDS }));
    expect(lookups).toHaveLength(2);
  });

  it("keeps the session when the identity service's port is closed", async () => {
    const lookup = createAccountLookup({ baseUrl: "http://127.0.0.1:1/identitytoolkit.googleapis.com/v1", projectId: "demo-guildhall", accessToken: async () => "owner", fetch });
    const { check, events, lines } = setup(lookup);
    expect(await check(session())).toBe(true);
    expect(events).toEqual([`failed s1 at ${NOW}`]);
    const failure = lines.find((line) => line.event === "auth.account_check_failed");
    expect(failure?.fields).toMatchObject({ userId: "uid-1", sessionId: "s1", error: expect.objectContaining({ name: "AccountLookupError" }) });
  });
});
