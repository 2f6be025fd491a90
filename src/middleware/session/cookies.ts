/**
 * The cookies the site sets, in one place. Session and CSRF cookies are HttpOnly, SameSite=Lax,
 * scoped to `/`, with an explicit expiry, and Secure (with the `__Host-` prefix, which pins them
 * to this host) everywhere but plain-http localhost.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { LOGGED_IN_PREVIOUSLY_COOKIE, SIGNED_OUT_AT_COOKIE } from "../../shared/storage-keys";
import type { HonoEnv } from "../../types";

const SESSION = "guildhall_session";
const CSRF = "guildhall_csrf";
/** Its presence alone keeps a request away from the edge cache (services/cache/edge-cache-policy.ts). */
const PREVIEW = "guildhall_preview";
const ONE_YEAR = 365 * 24 * 3600;

const secure = (c: Context<HonoEnv>) => c.var.config.auth.secureCookies;
const named = (c: Context<HonoEnv>, name: string) => (secure(c) ? `__Host-${name}` : name);

function base(c: Context<HonoEnv>) {
  return { path: "/", secure: secure(c), sameSite: "Lax" as const };
}

export const cookies = {
  session: (c: Context<HonoEnv>) => getCookie(c, named(c, SESSION)),
  setSession(c: Context<HonoEnv>, token: string, expiresAt: number) {
    setCookie(c, named(c, SESSION), token, { ...base(c), httpOnly: true, expires: new Date(expiresAt * 1000) });
  },
  clearSession(c: Context<HonoEnv>) {
    deleteCookie(c, named(c, SESSION), { ...base(c), httpOnly: true });
  },
  csrf: (c: Context<HonoEnv>) => getCookie(c, named(c, CSRF)),
  setCsrf(c: Context<HonoEnv>, value: string) {
    setCookie(c, named(c, CSRF), value, { ...base(c), httpOnly: true, maxAge: ONE_YEAR });
  },
  /** An editor's draft preview (services/preview/preview-token.ts). */
  preview: (c: Context<HonoEnv>) => getCookie(c, named(c, PREVIEW)),
  setPreview(c: Context<HonoEnv>, token: string, maxAgeSeconds: number) {
    setCookie(c, named(c, PREVIEW), token, { ...base(c), httpOnly: true, maxAge: maxAgeSeconds });
  },
  clearPreview(c: Context<HonoEnv>) {
    deleteCookie(c, named(c, PREVIEW), { ...base(c), httpOnly: true });
  },
  /** When this browser last signed out (read by browser code; see SIGNED_OUT_AT_COOKIE). */
  signedOutAt(c: Context<HonoEnv>): number | null {
    const value = Number(getCookie(c, SIGNED_OUT_AT_COOKIE));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  setSignedOutAt(c: Context<HonoEnv>, seconds: number) {
    setCookie(c, SIGNED_OUT_AT_COOKIE, String(seconds), { ...base(c), httpOnly: false, maxAge: ONE_YEAR });
  },
  clearSignedOutAt(c: Context<HonoEnv>) {
    if (getCookie(c, SIGNED_OUT_AT_COOKIE)) deleteCookie(c, SIGNED_OUT_AT_COOKIE, { ...base(c), httpOnly: false });
  },
  /** Records that this browser has signed in before (read by browser code to offer "sign in" first). */
  setLoggedInPreviously(c: Context<HonoEnv>) {
    setCookie(c, LOGGED_IN_PREVIOUSLY_COOKIE, "1", { ...base(c), httpOnly: false, maxAge: ONE_YEAR });
  },
};
