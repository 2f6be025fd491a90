/**
 * Sessions outlive nothing that happened to their account elsewhere for more than an hour. A
 * password reset through Firebase's e-mail, or an administrator disabling or deleting the
 * account, happens outside the site; so the first request a session makes once an hour has
 * passed since Firebase last vouched for its account asks Firebase again. A session is refused, and revoked, when the account is gone
 * or disabled, or when it signed in before the account's `validSince` (Firebase moves that to
 * the moment of a password change or a revocation, and, like Firebase's own admin SDK, treats a
 * sign-in in that same second as valid). If Firebase cannot be reached, signing everyone out
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
}

/** Whether the session may go on (false: it has been revoked). */
export type AccountCheck = (session: SessionRecord) => Promise<boolean>;

type Verdict = "valid" | "deleted" | "disabled" | "signed-in-before-revocation";

export function accountCheckDue(session: Pick<SessionRecord, "accountCheckedAt" | "accountCheckFailedAt">, nowSeconds: number): boolean {
  if (nowSeconds - session.accountCheckedAt < ACCOUNT_CHECK_INTERVAL_SECONDS) return false;
  return session.accountCheckFailedAt === null || nowSeconds - session.accountCheckFailedAt >= ACCOUNT_CHECK_RETRY_SECONDS;
}

export function verdictFor(account: AccountState, authTime: number): Verdict {
  if (!account.exists) return "deleted";
  if (account.disabled) return "disabled";
  if (account.validSince !== null && authTime < account.validSince) return "signed-in-before-revocation";
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
    const verdict = verdictFor(account, session.authTime);
    if (verdict === "valid") {
      await deps.sessions.markAccountChecked(session.id, now);
      return true;
    }
    const revoked =
      verdict === "signed-in-before-revocation" && account.exists && account.validSince !== null
        ? await deps.sessions.revokeSignedInBefore(session.userId, account.validSince)
        : await deps.sessions.revokeAllForUser(session.userId);
    deps.log.info("auth.sessions_revoked", { userId: session.userId, reason: verdict, sessionsRevoked: revoked });
    return false;
  };
}
