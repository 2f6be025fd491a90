/**
 * The absolute URLs the session API answers with, in NextAuth v4's wire format: its browser
 * client (`next-auth/react`) reads `new URL(data.url)` after every sign-in and sign-out, so the
 * `url` of a JSON answer is always absolute and names a failure in its `error` parameter.
 */
import { safeCallbackUrl } from "./callback-url";

/** The sign-in failures the session API names (NextAuth's CredentialsSignin and ours). */
export type SignInFailure = "CredentialsSignin" | "RateLimited" | "AccountDisabled" | "InvalidRequest" | "ServiceUnavailable" | "MissingCSRF";

export const PROVIDER = "credentials";

/** A path on this site (or an absolute URL on it) as an absolute URL; anything off-site becomes the home page. */
export function absoluteCallbackUrl(raw: string | null | undefined, siteUrl: string): string {
  return new URL(safeCallbackUrl(raw, siteUrl), new URL(siteUrl).origin).href;
}

/** Where a failed sign-in points: the sign-in page with the error, as NextAuth answers `{SITE_URL}/api/auth/signin?error=CredentialsSignin&provider=credentials`. */
export function signInErrorUrl(failure: SignInFailure, siteUrl: string): string {
  const url = new URL("/api/auth/signin", new URL(siteUrl).origin);
  url.searchParams.set("error", failure);
  url.searchParams.set("provider", PROVIDER);
  return url.href;
}
