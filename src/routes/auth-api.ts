/**
 * The session layer's REST surface, in NextAuth v4's wire format, so that its browser client
 * (`next-auth/react`) works against it: GET session, GET csrf, GET providers, POST
 * signin/{provider}, POST callback/{provider}, POST signout, POST _log — plus the token sync
 * endpoint at /api/auth/token. Form posts work without JavaScript (303 redirects). With
 * `json=true` the answer is JSON whose `url` is always absolute: the destination on success, the
 * sign-in page with `error=…` on failure (401 CredentialsSignin for wrong credentials), as
 * NextAuth answers; the extra `ok`, `status` and `error` fields are for our own `auth` island.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { IdentityError, InvalidIdTokenError, SigningKeysUnavailableError } from "../domain/identity-errors";
import { AppError } from "../errors";
import { log } from "../log";
import { cookies } from "../middleware/session/cookies";
import { RETRY_AFTER_SECONDS } from "../services/auth/attempt-limits";
import { SignInRefused, type StartedSession } from "../services/auth/auth-service";
import { safeCallbackUrl } from "../services/auth/callback-url";
import { absoluteCallbackUrl, PROVIDER, signInErrorUrl, type SignInFailure } from "../services/auth/next-auth-urls";
import type { HonoEnv } from "../types";

const email = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: "Enter a valid e-mail address" }));

const CallbackForm = z
  .object({
    callbackUrl: z.string().max(2048).optional(),
    json: z.enum(["true", "false"]).optional(),
    email: z.string().max(254).optional(),
    password: z.string().max(4096).optional(),
    idToken: z.string().max(8192).optional(),
  })
  .loose();

const FAILURE_STATUS: Record<Exclude<SignInFailure, "MissingCSRF">, 400 | 401 | 403 | 429 | 503> = {
  CredentialsSignin: 401,
  RateLimited: 429,
  AccountDisabled: 403,
  InvalidRequest: 400,
  ServiceUnavailable: 503,
};

/**
 * What NextAuth's client posts to _log (a beacon, form-encoded: level, code and the error's
 * fields); a JSON body of the same fields is accepted too. Only these fields are logged, cut short.
 */
const LogEntry = z.object({
  level: z.enum(["error", "warn", "debug"]).default("error"),
  code: z.string().max(100).optional(),
  message: z.string().transform((value) => value.slice(0, 2000)).optional(),
  url: z.string().transform((value) => value.slice(0, 500)).optional(),
});

function failureFor(error: unknown): Exclude<SignInFailure, "MissingCSRF"> {
  if (error instanceof AppError && error.code === "RATE_LIMITED") return "RateLimited";
  if (error instanceof IdentityError) {
    if (error.code === "auth/too-many-requests") return "RateLimited";
    if (error.code === "auth/user-disabled") return "AccountDisabled";
    if (error.code === "auth/network-request-failed" || error.code === "auth/internal-error") return "ServiceUnavailable";
    return "CredentialsSignin";
  }
  // A record merged into another: its account is (or is about to be) disabled.
  if (error instanceof SignInRefused && error.reason === "merged-away") return "AccountDisabled";
  if (error instanceof InvalidIdTokenError || error instanceof SignInRefused) return "CredentialsSignin";
  if (error instanceof SigningKeysUnavailableError) return "ServiceUnavailable";
  throw error;
}

function startSession(c: Context<HonoEnv>, started: StartedSession) {
  cookies.setSession(c, started.token, started.session.expiresAt);
  cookies.setLoggedInPreviously(c);
  cookies.clearSignedOutAt(c);
  c.header("Cache-Control", "private, no-store");
}

async function signOut(c: Context<HonoEnv>) {
  if (c.var.session) await c.var.services.auth.endSession(c.var.session);
  cookies.clearSession(c);
  cookies.setSignedOutAt(c, Math.floor(Date.now() / 1000));
  c.header("Cache-Control", "private, no-store");
}

async function readForm(c: Context<HonoEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw new AppError("BAD_REQUEST", "Send the form as application/x-www-form-urlencoded");
  }
  return (await c.req.parseBody()) as Record<string, unknown>;
}

export const authApiRoutes = new Hono<HonoEnv>()
  .get("/api/auth/session", (c) => {
    c.header("Cache-Control", "private, no-store");
    const session = c.var.session;
    if (!session) return c.json({});
    return c.json({ user: { email: session.email }, expires: new Date(session.expiresAt * 1000).toISOString() });
  })
  .get("/api/auth/csrf", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ csrfToken: await c.var.csrfToken() });
  })
  .get("/api/auth/providers", (c) =>
    c.json({
      [PROVIDER]: {
        id: PROVIDER,
        name: "E-mail and password",
        type: "credentials",
        signinUrl: `/api/auth/signin/${PROVIDER}`,
        callbackUrl: `/api/auth/callback/${PROVIDER}`,
      },
    }),
  )
  .post("/api/auth/signin/:provider", async (c) => {
    if (c.req.param("provider") !== PROVIDER) throw new AppError("NOT_FOUND", "Unknown sign-in provider");
    const form = CallbackForm.safeParse(await readForm(c));
    const callbackUrl = safeCallbackUrl(form.success ? form.data.callbackUrl : undefined, c.var.config.site.url);
    const url = `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`;
    return form.success && form.data.json === "true" ? c.json({ url: new URL(url, c.var.config.site.url).href }) : c.redirect(url, 303);
  })
  .post("/api/auth/callback/:provider", async (c) => {
    if (c.req.param("provider") !== PROVIDER) throw new AppError("NOT_FOUND", "Unknown sign-in provider");
    const parsed = CallbackForm.safeParse(await readForm(c));
    const wantsJson = parsed.success && parsed.data.json === "true";
    const callbackUrl = safeCallbackUrl(parsed.success ? parsed.data.callbackUrl : undefined, c.var.config.site.url);
    const typedEmail = parsed.success ? (parsed.data.email ?? "").trim().slice(0, 254) : "";

    const fail = (error: Exclude<SignInFailure, "MissingCSRF">) => {
      const status = FAILURE_STATUS[error];
      c.header("Cache-Control", "private, no-store");
      if (status === 429) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      if (wantsJson) return c.json({ ok: false, status, error, url: signInErrorUrl(error, c.var.config.site.url) }, status);
      const back = new URLSearchParams({ error, callbackUrl, ...(typedEmail ? { email: typedEmail } : {}) });
      return c.redirect(`/login?${back}`, 303);
    };

    if (!parsed.success) return fail("InvalidRequest");
    const { idToken, password } = parsed.data;
    const address = email.safeParse(parsed.data.email ?? "");
    try {
      let started: StartedSession;
      if (idToken) {
        await c.var.services.attemptLimits.check("sign-in");
        started = await c.var.services.auth.sessionFromSignIn(idToken);
      } else {
        if (!address.success || !password) return fail("InvalidRequest");
        await c.var.services.attemptLimits.check("sign-in", address.data);
        started = await c.var.services.auth.signInWithPassword(address.data, password);
      }
      if (c.var.session) await c.var.services.auth.endSession(c.var.session);
      startSession(c, started);
      return wantsJson
        ? c.json({ ok: true, status: 200, error: null, url: absoluteCallbackUrl(callbackUrl, c.var.config.site.url) })
        : c.redirect(callbackUrl, 303);
    } catch (error) {
      const failure = failureFor(error);
      log.warn("auth.sign_in_failed", {
        failure,
        reason: error instanceof Error ? error.message : String(error),
        via: idToken ? "id-token" : "password",
      });
      return fail(failure);
    }
  })
  .post("/api/auth/signout", async (c) => {
    const form = CallbackForm.safeParse(await readForm(c));
    await signOut(c);
    // Signing out returns the user to the home page.
    const url = "/";
    return form.success && form.data.json === "true" ? c.json({ url: absoluteCallbackUrl(url, c.var.config.site.url) }) : c.redirect(url, 303);
  })
  .post("/api/auth/_log", async (c) => {
    const type = c.req.header("Content-Type") ?? "";
    const body = type.startsWith("application/json")
      ? await c.req.json().catch(() => null)
      : type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
        ? await c.req.parseBody()
        : null;
    const entry = LogEntry.safeParse(body);
    if (!entry.success) throw new AppError("BAD_REQUEST", "A log entry is { level, code, message }");
    await c.var.services.attemptLimits.check("log");
    log.warn("auth.client_log", entry.data);
    return c.body(null, 204);
  })
  .post("/api/auth/token", async (c) => {
    const header = c.req.header("Authorization") ?? "";
    if (!header.startsWith("Bearer ")) throw new AppError("UNAUTHORIZED", "Token sync needs Authorization: Bearer <Firebase ID token>");
    await c.var.services.attemptLimits.check("token");
    try {
      const result = await c.var.services.auth.sessionFromTokenSync(header.slice("Bearer ".length).trim(), c.var.session, cookies.signedOutAt(c));
      if (result.token) startSession(c, { session: result.session, token: result.token });
      c.header("Cache-Control", "private, no-store");
      return c.json({ ok: true, user: { email: result.session.email }, expires: new Date(result.session.expiresAt * 1000).toISOString() });
    } catch (error) {
      if (error instanceof InvalidIdTokenError || error instanceof SignInRefused) {
        log.warn("auth.token_sync_refused", { reason: error.message });
        throw new AppError("UNAUTHORIZED", "The ID token was not accepted");
      }
      if (error instanceof SigningKeysUnavailableError) {
        throw new AppError("AUTH_UNAVAILABLE", "The sign-in service is unavailable", { cause: error });
      }
      throw error;
    }
  })
  .delete("/api/auth/token", async (c) => {
    await signOut(c);
    return c.body(null, 204);
  });
