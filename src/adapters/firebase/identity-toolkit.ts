/**
 * Firebase Authentication's REST API (Identity Toolkit), for what the Worker does on a user's
 * behalf: the no-JavaScript sign-in and password-reset forms, changing a password or deleting
 * one's own account after re-authentication, and creating an account (/register and the join
 * flow) with its address-verification e-mail. Locally it talks to the emulator.
 * Errors carry Firebase's JS SDK codes (auth/...), so one message table serves both paths.
 */
import { IdentityError } from "../../domain/identity-errors";

export interface SignInResult {
  idToken: string;
  refreshToken: string;
  uid: string;
}

export interface IdentityToolkit {
  signInWithPassword(email: string, password: string): Promise<SignInResult>;
  /** Creates an account (and signs it in); `displayName` is the name the user gave, if any. */
  signUp(email: string, password: string, displayName?: string): Promise<SignInResult>;
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
  /** Firebase's "verify your e-mail address" message to the signed-in user whose ID token this is. */
  sendEmailVerification(idToken: string, continueUrl: string): Promise<void>;
  /**
   * Firebase's verify-before-update message to `newEmail` for the signed-in user whose (fresh) ID
   * token this is: the account's address changes only when the link in it is opened.
   */
  sendEmailChangeVerification(idToken: string, newEmail: string, continueUrl: string): Promise<void>;
  /** Changes the password of the user whose (fresh) ID token this is. */
  updatePassword(idToken: string, password: string): Promise<SignInResult>;
  /** Deletes the account whose (fresh) ID token this is: it can never sign in again. */
  deleteAccount(idToken: string): Promise<void>;
}

/** REST error messages -> Firebase JS SDK codes. */
const CODES: Record<string, string> = {
  EMAIL_NOT_FOUND: "auth/user-not-found",
  INVALID_PASSWORD: "auth/wrong-password",
  INVALID_LOGIN_CREDENTIALS: "auth/invalid-credential",
  USER_DISABLED: "auth/user-disabled",
  TOO_MANY_ATTEMPTS_TRY_LATER: "auth/too-many-requests",
  INVALID_EMAIL: "auth/invalid-email",
  MISSING_EMAIL: "auth/missing-email",
  MISSING_PASSWORD: "auth/missing-password",
  EMAIL_EXISTS: "auth/email-already-in-use",
  WEAK_PASSWORD: "auth/weak-password",
  // The project's password policy (docs/decisions/0017-everyone-gets-in.md) refused the password.
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "auth/password-does-not-meet-requirements",
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: "auth/requires-recent-login",
  TOKEN_EXPIRED: "auth/user-token-expired",
  INVALID_ID_TOKEN: "auth/invalid-user-token",
  INVALID_CONTINUE_URI: "auth/invalid-continue-uri",
  UNAUTHORIZED_DOMAIN: "auth/unauthorized-continue-uri",
  OPERATION_NOT_ALLOWED: "auth/operation-not-allowed",
};

export function createIdentityToolkit(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): IdentityToolkit {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
      });
    } catch (error) {
      throw new IdentityError("auth/network-request-failed", error instanceof Error ? error.message : String(error));
    }
    const json = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!response.ok || !json) {
      const restMessage = json?.error?.message ?? `HTTP ${response.status}`;
      // Messages such as "WEAK_PASSWORD : Password should be at least 6 characters".
      const key = restMessage.split(" ")[0] ?? restMessage;
      throw new IdentityError(CODES[key] ?? "auth/internal-error", restMessage);
    }
    return json;
  }

  const signInResult = (r: { idToken: string; refreshToken: string; localId: string }): SignInResult => ({
    idToken: r.idToken,
    refreshToken: r.refreshToken,
    uid: r.localId,
  });

  return {
    async signInWithPassword(email, password) {
      return signInResult(await call("signInWithPassword", { email, password, returnSecureToken: true }));
    },
    async signUp(email, password, displayName) {
      return signInResult(await call("signUp", { email, password, ...(displayName ? { displayName } : {}), returnSecureToken: true }));
    },
    async sendPasswordResetEmail(email, continueUrl) {
      await call("sendOobCode", { requestType: "PASSWORD_RESET", email, continueUrl });
    },
    async sendEmailVerification(idToken, continueUrl) {
      await call("sendOobCode", { requestType: "VERIFY_EMAIL", idToken, continueUrl });
    },
    async sendEmailChangeVerification(idToken, newEmail, continueUrl) {
      await call("sendOobCode", { requestType: "VERIFY_AND_CHANGE_EMAIL", idToken, newEmail, continueUrl });
    },
    async updatePassword(idToken, password) {
      return signInResult(await call("update", { idToken, password, returnSecureToken: true }));
    },
    async deleteAccount(idToken) {
      await call("delete", { idToken });
    },
  };
}
