/**
 * Sign-in, sessions and passwords. Identity is Firebase Authentication's; every ID token is
 * verified with jose before a session is made, and sessions live in D1 so that signing out
 * revokes them wherever the cookie is.
 */
import type { Session } from "../../domain/session";
import type { SessionStore } from "../../adapters/d1/sessions";
import type { IdTokenClaims, IdTokenVerifier } from "../../adapters/firebase/id-token-verifier";
import type { IdentityToolkit } from "../../adapters/firebase/identity-toolkit";
import type { Logger } from "../../log";
import { TOKEN_SYNC_MAX_AGE_SECONDS } from "../../shared/token-sync";
import type { MemberType } from "../membership/member-rule";
import type { AccountCheck } from "./account-check";
import { signSessionToken, verifySessionToken } from "./session-token";

export interface StartedSession {
  session: Session;
  /** The signed cookie value. */
  token: string;
}

/** A new session needs a sign-in at most this old (as Firebase advises for session cookies). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export class SignInRefused extends Error {
  override readonly name = "SignInRefused";
  constructor(readonly reason: "stale-sign-in" | "stale-token" | "signed-out" | "merged-away") {
    super(reason);
  }
}

export interface AuthServiceDeps {
  verifyIdToken: IdTokenVerifier;
  identity: IdentityToolkit;
  sessions: SessionStore;
  /** Whether the user is a member now, and of which type (the membership records decide; see services/membership). */
  membership: (userId: string) => Promise<MemberType>;
  /**
   * Whether the account's record was merged into another's (services/membership/member-merge):
   * the account is being disabled, and until Firebase has done so it may still sign in there,
   * but never here, where it would start a second, empty record for the person.
   */
  mergedAway: (userId: string) => Promise<boolean>;
  /**
   * Runs for every verified ID token that opens or refreshes a session: a verified address may
   * claim the membership record waiting for it (services/membership/claim).
   */
  claimMembership: (claims: IdTokenClaims) => Promise<unknown>;
  /**
   * Re-checks a session's Firebase account at most hourly (services/auth/account-check); null
   * where the Worker has no server credential (outside production, without the emulator).
   */
  accountCheck: AccountCheck | null;
  secret: string;
  maxAgeSeconds: number;
  now: () => number;
  log: Logger;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const nowSeconds = () => Math.floor(deps.now() / 1000);

  async function open(claims: IdTokenClaims): Promise<StartedSession> {
    if (await deps.mergedAway(claims.uid)) {
      deps.log.warn("auth.merged_account_refused", { userId: claims.uid });
      throw new SignInRefused("merged-away");
    }
    await deps.claimMembership(claims);
    const expiresAt = nowSeconds() + deps.maxAgeSeconds;
    const session: Session = {
      id: crypto.randomUUID(),
      userId: claims.uid,
      email: claims.email,
      emailVerified: claims.emailVerified,
      authTime: claims.authTime,
      expiresAt,
      secondFactorAt: null,
    };
    await deps.sessions.create({
      id: session.id,
      userId: session.userId,
      email: session.email,
      emailVerified: session.emailVerified,
      authTime: session.authTime,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      // Firebase vouched for the account when it issued this token.
      accountCheckedAt: claims.issuedAt,
    });
    const token = await signSessionToken(
      { sessionId: session.id, userId: session.userId, email: session.email, expiresAt },
      deps.secret,
    );
    deps.log.info("auth.session_started", { userId: session.userId, sessionId: session.id });
    return { session, token };
  }

  const service = {
    /** A new session from a freshly signed-in user's ID token (the sign-in callback). */
    async sessionFromSignIn(idToken: string): Promise<StartedSession> {
      const claims = await deps.verifyIdToken(idToken);
      if (nowSeconds() - claims.authTime > RECENT_SIGN_IN_SECONDS) throw new SignInRefused("stale-sign-in");
      return open(claims);
    },

    /**
     * Creates a Firebase account and signs it in (the join form, /register). With `verify`, Firebase
     * also sends the address its verification e-mail, whose link continues to `verify.continueUrl`;
     * the account stands even if that e-mail cannot be sent (it is logged).
     */
    async createAccount(email: string, password: string, options: { displayName?: string; verify?: { continueUrl: string } } = {}): Promise<StartedSession> {
      const { idToken, uid } = await deps.identity.signUp(email, password, options.displayName);
      if (options.verify) {
        await deps.identity.sendEmailVerification(idToken, options.verify.continueUrl).catch((error: unknown) => {
          deps.log.warn("auth.verification_email_failed", { userId: uid, reason: error instanceof Error ? error.message : String(error) });
        });
      }
      return service.sessionFromSignIn(idToken);
    },

    /** Signs in with e-mail and password through Firebase (the no-JavaScript form). */
    async signInWithPassword(email: string, password: string): Promise<StartedSession> {
      const { idToken } = await deps.identity.signInWithPassword(email, password);
      return service.sessionFromSignIn(idToken);
    },

    /**
     * Token sync: keeps the current session when it belongs to the token's user, else opens one.
     * Tokens older than TOKEN_SYNC_MAX_AGE_SECONDS are refused, and so are sign-ins made before
     * this browser last signed out (`signedOutAt`): signing out must stick.
     */
    async sessionFromTokenSync(
      idToken: string,
      current: Session | null,
      signedOutAt: number | null = null,
    ): Promise<StartedSession | { session: Session; token: null }> {
      const claims = await deps.verifyIdToken(idToken);
      if (nowSeconds() - claims.issuedAt > TOKEN_SYNC_MAX_AGE_SECONDS) throw new SignInRefused("stale-token");
      if (signedOutAt !== null && claims.authTime <= signedOutAt) throw new SignInRefused("signed-out");
      if (current && current.userId === claims.uid) {
        // The address may have been verified since this session began.
        await deps.claimMembership(claims);
        return { session: current, token: null };
      }
      if (current) await deps.sessions.revoke(current.id);
      return open(claims);
    },

    /** The session a cookie names, if it is genuine, unexpired and not revoked. */
    async currentSession(cookie: string | undefined): Promise<Session | null> {
      if (!cookie) return null;
      const claims = await verifySessionToken(cookie, deps.secret, deps.now());
      if (!claims) return null;
      const record = await deps.sessions.find(claims.sessionId);
      if (!record || record.revokedAt || record.userId !== claims.userId) return null;
      if (Date.parse(record.expiresAt) <= deps.now()) return null;
      if (deps.accountCheck && !(await deps.accountCheck(record))) return null;
      return {
        id: record.id,
        userId: record.userId,
        email: record.email,
        emailVerified: record.emailVerified,
        authTime: record.authTime,
        expiresAt: Math.floor(Date.parse(record.expiresAt) / 1000),
        secondFactorAt: record.secondFactorAt,
      };
    },

    async endSession(session: Session): Promise<void> {
      await deps.sessions.revoke(session.id);
      deps.log.info("auth.session_ended", { userId: session.userId, sessionId: session.id });
    },

    /** Whether the session's user is a member now, and of which membership type. */
    membership(session: Session): Promise<MemberType> {
      return deps.membership(session.userId);
    },

    /**
     * Changes the password after re-authenticating with the current one, signs the user out
     * everywhere else, and returns a new session for this browser.
     */
    async changePassword(session: Session, currentPassword: string, newPassword: string): Promise<StartedSession> {
      if (!session.email) throw new SignInRefused("stale-sign-in");
      const reauth = await deps.identity.signInWithPassword(session.email, currentPassword);
      if (reauth.uid !== session.userId) throw new SignInRefused("stale-sign-in");
      await deps.identity.updatePassword(reauth.idToken, newPassword);
      const revoked = await deps.sessions.revokeAllForUser(session.userId);
      deps.log.info("auth.password_changed", { userId: session.userId, sessionsRevoked: revoked });
      // The change moves the account's validSince to now, but the token the change returns keeps
      // the re-authentication's auth_time, which can fall in the second before it: a session
      // opened from that token would be revoked by the next account check. A sign-in with the
      // new password comes after the change.
      const fresh = await deps.identity.signInWithPassword(session.email, newPassword);
      return service.sessionFromSignIn(fresh.idToken);
    },

    requestPasswordReset(email: string, continueUrl: string): Promise<void> {
      return deps.identity.sendPasswordResetEmail(email, continueUrl);
    },
  };
  return service;
}
