/**
 * The browser's auth context: user, auth loading, auth error, authenticated user, and
 * register, sign in, sign out, reset password, clear/set error — with the transitions below.
 * Framework-free: islands subscribe to it. Firebase is injected, so it is loaded only where used.
 */
import { LOGGED_IN_PREVIOUSLY_COOKIE, STORAGE_KEYS } from "../../src/shared/storage-keys";
import { RESET_FALLBACK_MESSAGE, RESET_MESSAGES, SIGN_IN_FAILED_MESSAGE, type AuthError } from "../../src/shared/auth-errors";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface AuthState {
  status: SessionStatus;
  /** The session's user (from GET /api/auth/session). */
  user: { email: string | null } | null;
  authLoading: boolean;
  authError: AuthError | null;
  /** Set from the session user's e-mail when the session becomes authenticated. */
  authenticatedUser: string | null;
}

/** What the context needs from Firebase's browser SDK (see firebase-client.ts). */
export interface FirebaseAuthPort {
  signIn(email: string, password: string): Promise<string>;
  /**
   * Creates the account and returns its ID token. With `options`, also sets its display name and
   * asks Firebase to send the verification e-mail (whose link continues to `verifiedContinueUrl`);
   * the account stands if either fails.
   */
  register(email: string, password: string, options?: { displayName: string; verifiedContinueUrl: string }): Promise<string>;
  signOut(): Promise<void>;
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
}

export interface AuthContextDeps {
  firebase: () => Promise<FirebaseAuthPort>;
  csrfToken: () => Promise<string>;
  siteUrl: string;
  fetch?: typeof fetch;
  navigate?: (url: string) => void;
  /** A successful sign-in records that this browser signed in before. */
  rememberSignIn?: () => void;
}

function rememberInBrowser() {
  document.cookie = `${LOGGED_IN_PREVIOUSLY_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
  localStorage.setItem(STORAGE_KEYS.loggedInPreviously, "true");
}

export interface SignInResult {
  ok: boolean;
  status: number;
  error: string | null;
  url: string | null;
}

/** How creating an account at /register ended, when it did not go on to the callback URL. */
export type CreateAccountResult = { kind: "signed-in" } | { kind: "unavailable" } | { kind: "refused"; field: "email" | "password"; code: string } | { kind: "failed"; result: SignInResult };

/**
 * The path of the session API's (absolute) `url`, so the browser stays on the origin it is on
 * (the Worker checked the destination; SITE_URL may name another origin locally and in tests).
 */
function pathOf(url: string | null | undefined): string {
  if (!url) return "/";
  try {
    const { pathname, search, hash } = new URL(url, "http://path.invalid");
    return `${pathname}${search}${hash}`;
  } catch {
    return "/";
  }
}

const codeOf = (error: unknown) => (typeof error === "object" && error && "code" in error ? String(error.code) : "auth/internal-error");

export function createAuthContext(deps: AuthContextDeps) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const navigate = deps.navigate ?? ((url: string) => window.location.assign(url));
  const rememberSignIn = deps.rememberSignIn ?? rememberInBrowser;
  let state: AuthState = { status: "loading", user: null, authLoading: false, authError: null, authenticatedUser: null };
  const listeners = new Set<(state: AuthState) => void>();

  function set(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    if (state.status === "authenticated" && !state.authenticatedUser && state.user?.email) {
      state = { ...state, authenticatedUser: state.user.email };
    }
    for (const listener of listeners) listener(state);
  }

  async function post(path: string, fields: Record<string, string>): Promise<Response> {
    const body = new URLSearchParams({ ...fields, csrfToken: await deps.csrfToken(), json: "true" });
    return doFetch(path, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
  }

  /** Exchanges a Firebase ID token for the site's session (the session API's callback). */
  async function startSession(idToken: string, callbackUrl: string): Promise<SignInResult> {
    const response = await post("/api/auth/callback/credentials", { idToken, callbackUrl });
    const json = (await response.json().catch(() => ({}))) as Partial<SignInResult>;
    return { ok: response.ok, status: response.status, error: json.error ?? (response.ok ? null : "CredentialsSignin"), url: json.url ?? null };
  }

  function firebaseFailure(error: unknown): SignInResult {
    const code = codeOf(error);
    const failure = code === "auth/too-many-requests" ? "RateLimited" : code === "auth/network-request-failed" ? "ServiceUnavailable" : "CredentialsSignin";
    return { ok: false, status: failure === "RateLimited" ? 429 : failure === "ServiceUnavailable" ? 503 : 401, error: failure, url: null };
  }

  /** After a sign-in: the error shown, or the browser remembered and sent on. */
  function finishSignIn(result: SignInResult): SignInResult {
    set({ authLoading: false });
    if (result.error || result.status !== 200) {
      set({ authError: { status: result.status, error: result.error ?? "CredentialsSignin", message: SIGN_IN_FAILED_MESSAGE } });
      return result;
    }
    rememberSignIn();
    navigate(pathOf(result.url));
    return result;
  }

  const context = {
    get state() {
      return state;
    },
    subscribe(listener: (state: AuthState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setError: (authError: AuthError) => set({ authError }),
    clearError: () => set({ authError: null }),

    /** Reads the session (loading -> authenticated | unauthenticated). */
    async loadSession(): Promise<void> {
      const response = await doFetch("/api/auth/session", { credentials: "same-origin" });
      const session = (await response.json().catch(() => ({}))) as { user?: { email: string | null } };
      set(session.user ? { status: "authenticated", user: session.user } : { status: "unauthenticated", user: null });
    },

    /**
     * Credentials sign-in without automatic redirect, the result read for
     * error and status. Success: logged-in-previously cookie and flag, then the destination.
     */
    async signIn(email: string, password: string, callbackUrl = "/"): Promise<SignInResult> {
      set({ authLoading: true, authError: null });
      let result: SignInResult;
      try {
        const idToken = await (await deps.firebase()).signIn(email, password);
        result = await startSession(idToken, callbackUrl);
      } catch (error) {
        result = firebaseFailure(error);
      }
      return finishSignIn(result);
    },

    /** Signing out returns the user to the home page. */
    async signOut(): Promise<void> {
      await (await deps.firebase()).signOut().catch(() => undefined);
      await post("/api/auth/signout", { callbackUrl: "/" });
      set({ status: "unauthenticated", user: null, authenticatedUser: null });
      navigate("/");
    },

    /**
     * Password reset: resolves on success; on failure sets the error (status 500, the
     * code, the message for the code or the fallback) and rejects.
     */
    async resetPassword(email: string): Promise<void> {
      set({ authLoading: true, authError: null });
      try {
        await (await deps.firebase()).sendPasswordResetEmail(email, `${deps.siteUrl}/login?reset=done`);
      } catch (error) {
        const code = codeOf(error);
        const authError: AuthError = { status: 500, error: code, message: RESET_MESSAGES[code] ?? RESET_FALLBACK_MESSAGE };
        set({ authError });
        throw authError;
      } finally {
        set({ authLoading: false });
      }
    },

    /**
     * /register with JavaScript: creates the Firebase account (name set, verification e-mail
     * sent), starts the site's session with its ID token and goes to `callbackUrl`. An address
     * that has an account is "unavailable", which the page answers as neutrally as without
     * JavaScript; a password or address Firebase refuses is "refused" at its field.
     */
    async createAccount(name: string, email: string, password: string, callbackUrl = "/"): Promise<CreateAccountResult> {
      set({ authLoading: true, authError: null });
      let idToken: string;
      try {
        idToken = await (await deps.firebase()).register(email, password, { displayName: name, verifiedContinueUrl: `${deps.siteUrl}/user/account` });
      } catch (error) {
        set({ authLoading: false });
        const code = codeOf(error);
        if (code === "auth/email-already-in-use") return { kind: "unavailable" };
        if (code === "auth/weak-password" || code === "auth/password-does-not-meet-requirements") return { kind: "refused", field: "password", code };
        if (code === "auth/invalid-email") return { kind: "refused", field: "email", code };
        return { kind: "failed", result: finishSignIn(firebaseFailure(error)) };
      }
      let result: SignInResult;
      try {
        result = await startSession(idToken, callbackUrl);
      } catch (error) {
        result = firebaseFailure(error);
      }
      finishSignIn(result);
      return result.ok && !result.error ? { kind: "signed-in" } : { kind: "failed", result };
    },

    /** Creates the Firebase account (the join flow); returns its ID token. */
    async register(email: string, password: string): Promise<string> {
      set({ authLoading: true, authError: null });
      try {
        return await (await deps.firebase()).register(email, password);
      } finally {
        set({ authLoading: false });
      }
    },
  };
  return context;
}

export type AuthContext = ReturnType<typeof createAuthContext>;
