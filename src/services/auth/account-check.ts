/**
 * Sessions outlive nothing that happened to their account elsewhere for more than an hour. A
 * password reset through Firebase's e-mail, or an administrator disabling or deleting the
 * account, happens outside the site; so the first request a session makes once an hour has
 * passed since Firebase last vouched for its account asks Firebase again. A session is refused, and revoked, when the account is gone
 * or disabled, or when it signed in before the account's `validSince` (Firebase moves that to
 * the moment of a password change or a revocation, and, like Firebase's own admin SDK, treats a
 * sign-in in that same second as valid), or when the account's address is no longer the one the
 * session signed in with (a change of address verified through Firebase's link: our records
 * follow it, services/auth/email-change.ts). If Firebase cannot be reached, signing everyone out
 * would be worse than waiting: the session is kept, the failure logged, and the check retried a
 * few minutes later.
 */
import type { SessionRecord, SessionStore } from "../../adapters/d1/sessions";
import type { AccountLookup, AccountState } from "../../adapters/firebase/account-lookup";
import type { Logger } from "../../log";

export const ACCOUNT_CHECK_INTERVAL_SECONDS = 60 * 60;
export const ACCOUNT_CHECK_RETRY_SECONDS = 5 * 60;

export interface AccountCheckDeps {
  lookup: AccountLookup;
  sessions: Pick<SessionStore, "markAccountChecked" | "markAccountCheckFailed" | "revokeAllForUser" | "revokeSignedInBefore">;
  now: () => number;
  log: Logger;
  /** Our records follow a verified change of address, and every session of the account ends. */
  addressChanged: (userId: string, newEmail: string) => Promise<unknown>;
}

/** Whether the session may go on (false: it has been revoked). */
export type AccountCheck = (session: SessionRecord) => Promise<boolean>;

type Verdict = "valid" | "deleted" | "disabled" | "signed-in-before-revocation" | "email-changed";

export function accountCheckDue(session: Pick<SessionRecord, "accountCheckedAt" | "accountCheckFailedAt">, nowSeconds: number): boolean {
  if (nowSeconds - session.accountCheckedAt < ACCOUNT_CHECK_INTERVAL_SECONDS) return false;
  return session.accountCheckFailedAt === null || nowSeconds - session.accountCheckFailedAt >= ACCOUNT_CHECK_RETRY_SECONDS;
}

export function verdictFor(account: AccountState, session: Pick<SessionRecord, "authTime" | "email">): Verdict {
  if (!account.exists) return "deleted";
  if (account.disabled) return "disabled";
  if (account.validSince !== null && session.authTime < account.validSince) return "signed-in-before-revocation";
  if (account.email !== null && session.email !== null && account.email !== session.email.toLowerCase()) return "email-changed";
  return "valid";
}

export function createAccountCheck(deps: AccountCheckDeps): AccountCheck {
  return async function checkAccount(session) {
    const now = Math.floor(deps.now() / 1000);
    if (!accountCheckDue(session, now)) return true;
    let account: AccountState;
    try {
      account = await deps.lookup(session.userId);
    } catch (error) {
      deps.log.error("auth.account_check_failed", { userId: session.userId, sessionId: session.id, retryInSeconds: ACCOUNT_CHECK_RETRY_SECONDS, error });
      await deps.sessions.markAccountCheckFailed(session.id, now);
      return true;
    }
    const verdict = verdictFor(account, session);
    if (verdict === "valid") {
      await deps.sessions.markAccountChecked(session.id, now);
      return true;
    }
    if (verdict === "email-changed" && account.exists && account.email !== null && account.emailVerified) {
      // Our records follow a verified address; every session signed in with the old one ends.
      await deps.addressChanged(session.userId, account.email);
      deps.log.info("auth.sessions_revoked", { userId: session.userId, reason: verdict });
      return false;
    }
    const revoked =
      verdict === "signed-in-before-revocation" && account.exists && account.validSince !== null
        ? await deps.sessions.revokeSignedInBefore(session.userId, account.validSince)
        : await deps.sessions.revokeAllForUser(session.userId);
    deps.log.info("auth.sessions_revoked", { userId: session.userId, reason: verdict, sessionsRevoked: revoked });
    return false;
  };
}
