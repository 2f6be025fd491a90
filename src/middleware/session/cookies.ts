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

const secure = <E extends HonoEnv>(c: Context<E>) => c.var.config.auth.secureCookies;
const named = <E extends HonoEnv>(c: Context<E>, name: string) => (secure(c) ? `__Host-${name}` : name);

function base<E extends HonoEnv>(c: Context<E>) {
  return { path: "/", secure: secure(c), sameSite: "Lax" as const };
}

export const cookies = {
  session: <E extends HonoEnv>(c: Context<E>) => getCookie(c, named(c, SESSION)),
  setSession<E extends HonoEnv>(c: Context<E>, token: string, expiresAt: number) {
    setCookie(c, named(c, SESSION), token, { ...base(c), httpOnly: true, expires: new Date(expiresAt * 1000) });
  },
  clearSession<E extends HonoEnv>(c: Context<E>) {
    deleteCookie(c, named(c, SESSION), { ...base(c), httpOnly: true });
  },
  csrf: <E extends HonoEnv>(c: Context<E>) => getCookie(c, named(c, CSRF)),
  setCsrf<E extends HonoEnv>(c: Context<E>, value: string) {
    setCookie(c, named(c, CSRF), value, { ...base(c), httpOnly: true, maxAge: ONE_YEAR });
  },
  /** An editor's draft preview (services/preview/preview-token.ts). */
  preview: <E extends HonoEnv>(c: Context<E>) => getCookie(c, named(c, PREVIEW)),
  setPreview<E extends HonoEnv>(c: Context<E>, token: string, maxAgeSeconds: number) {
    setCookie(c, named(c, PREVIEW), token, { ...base(c), httpOnly: true, maxAge: maxAgeSeconds });
  },
  clearPreview<E extends HonoEnv>(c: Context<E>) {
    deleteCookie(c, named(c, PREVIEW), { ...base(c), httpOnly: true });
  },
  /** When this browser last signed out (read by browser code; see SIGNED_OUT_AT_COOKIE). */
  signedOutAt<E extends HonoEnv>(c: Context<E>): number | null {
    const value = Number(getCookie(c, SIGNED_OUT_AT_COOKIE));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  setSignedOutAt<E extends HonoEnv>(c: Context<E>, seconds: number) {
    setCookie(c, SIGNED_OUT_AT_COOKIE, String(seconds), { ...base(c), httpOnly: false, maxAge: ONE_YEAR });
  },
  clearSignedOutAt<E extends HonoEnv>(c: Context<E>) {
    if (getCookie(c, SIGNED_OUT_AT_COOKIE)) deleteCookie(c, SIGNED_OUT_AT_COOKIE, { ...base(c), httpOnly: false });
  },
  /** Records that this browser has signed in before (read by browser code to offer "sign in" first). */
  setLoggedInPreviously<E extends HonoEnv>(c: Context<E>) {
    setCookie(c, LOGGED_IN_PREVIOUSLY_COOKIE, "1", { ...base(c), httpOnly: false, maxAge: ONE_YEAR });
  },
};
