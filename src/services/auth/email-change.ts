/**
 * Changing the e-mail address an account signs in with, the way Firebase keeps it safe
 * (verify-before-update): the member asks on /user/account/email with their password, Firebase
 * sends a link to the new address, and the account's address changes only when that link is
 * opened. Firebase's link then returns to /account/email-changed, which asks Firebase about the
 * account and makes our records follow (`follow`):
 *   - the membership record, applications, webinar orders and the directory listing (where it
 *     showed the old address) take the new address, so pages and e-mails use it;
 *   - every session signed in with the old address ends, on every device;
 *   - the old address gets a security notice (the outbox: once per change);
 *   - staff see the change on the member's record (audited, by user id).
 * The same follow-up runs whenever the site next meets the account with its new address (a
 * sign-in, or the hourly account check of an old session), so nothing depends on the link's
 * return page being opened.
 *
 * Someone else's address is refused without saying whether it belongs to an account: the
 * answer is the same "we have sent a link" either way (Firebase sends none when it is taken).
 */
import type { AccountEmailStore } from "../../adapters/d1/account-emails";
import type { AccountLookup } from "../../adapters/firebase/account-lookup";
import type { IdentityToolkit } from "../../adapters/firebase/identity-toolkit";
import { IdentityError } from "../../domain/identity-errors";
import type { Session } from "../../domain/session";
import type { Logger } from "../../log";
import type { Notices } from "../email/notices";
import { hrefs } from "../../shared/links";
import { readEmailChangeToken, signEmailChangeToken } from "./email-change-token";

export type EmailChangeRequestOutcome =
  | { kind: "sent" }
  | { kind: "wrong-password" }
  | { kind: "too-many-attempts" };

export type EmailChangeConfirmation =
  /** Our records have just moved to the account's new, verified address. */
  | { kind: "changed"; email: string }
  /** Our records already agree with Firebase: the change was followed before, or the link was not opened. */
  | { kind: "current"; email: string }
  /** Firebase's address is not verified yet. */
  | { kind: "not-yet" }
  /** A forged, altered or expired return address, or an account that is gone. */
  | { kind: "invalid" }
  /** Firebase cannot be asked here (no server credential): signing in with the new address finishes the change. */
  | { kind: "unknown" };

export interface EmailChangeService {
  request(session: Session, newEmail: string, password: string): Promise<EmailChangeRequestOutcome>;
  confirm(token: string | null | undefined): Promise<EmailChangeConfirmation>;
  /** Makes our records follow the account's verified address; a no-op when they already do. */
  follow(userId: string, email: string): Promise<boolean>;
}

export interface EmailChangeDeps {
  identity: Pick<IdentityToolkit, "signInWithPassword" | "sendEmailChangeVerification">;
  /** Firebase's admin lookup; null where the Worker has no server credential. */
  lookup: AccountLookup | null;
  store: AccountEmailStore;
  notices: Pick<Notices, "prepare" | "deliverSoon">;
  secret: string;
  siteUrl: string;
  now: () => Date;
  log: Logger;
}

export function createEmailChangeService(deps: EmailChangeDeps): EmailChangeService {
  /** Whether our records moved to `email` just now. */
  async function follow(userId: string, email: string): Promise<boolean> {
    const newEmail = email.trim().toLowerCase();
    const oldEmail = await deps.store.recordedEmail(userId);
    if (oldEmail === null || oldEmail === newEmail) return false;
    const changedAt = deps.now().toISOString();
    const notice = deps.notices.prepare([
      {
        message: { kind: "email-changed", event: `${userId}:${newEmail}`, to: { email: oldEmail, userId: null }, data: { newEmail, changedAt } },
        onlyIf: { select: "SELECT 1", params: [] },
      },
    ]);
    const changed = await deps.store.follow(userId, oldEmail, newEmail, notice.statements[0] ?? null, {
      staffEmail: newEmail,
      action: "account.email.changed",
      details: { userId, by: "member" },
    });
    if (changed) {
      deps.notices.deliverSoon(notice.ids);
      deps.log.info("auth.email_changed", { userId });
    }
    return changed;
  }

  return {
    async request(session, newEmail, password) {
      if (!session.email) return { kind: "wrong-password" };
      let idToken: string;
      try {
        ({ idToken } = await deps.identity.signInWithPassword(session.email, password));
      } catch (error) {
        if (error instanceof IdentityError && error.code === "auth/too-many-requests") return { kind: "too-many-attempts" };
        if (error instanceof IdentityError && ["auth/wrong-password", "auth/invalid-credential", "auth/invalid-login-credentials", "auth/user-not-found"].includes(error.code)) {
          return { kind: "wrong-password" };
        }
        throw error;
      }
      const continueUrl = `${deps.siteUrl}${hrefs.emailChanged}?change=${encodeURIComponent(await signEmailChangeToken(session.userId, deps.secret, deps.now().getTime()))}`;
      try {
        await deps.identity.sendEmailChangeVerification(idToken, newEmail, continueUrl);
      } catch (error) {
        // Taken by another account: the same answer as success, so the form reveals nothing.
        if (error instanceof IdentityError && error.code === "auth/email-already-in-use") {
          deps.log.info("auth.email_change_refused", { userId: session.userId, reason: "address-in-use" });
          return { kind: "sent" };
        }
        throw error;
      }
      deps.log.info("auth.email_change_requested", { userId: session.userId });
      return { kind: "sent" };
    },

    async confirm(token) {
      const userId = await readEmailChangeToken(token, deps.secret, deps.now().getTime());
      if (!userId) return { kind: "invalid" };
      if (!deps.lookup) return { kind: "unknown" };
      const account = await deps.lookup(userId);
      if (!account.exists || account.disabled || !account.email) return { kind: "invalid" };
      if (!account.emailVerified) return { kind: "not-yet" };
      return (await follow(userId, account.email)) ? { kind: "changed", email: account.email } : { kind: "current", email: account.email };
    },

    follow,
  };
}
