/**
 * Abuse protection for sign-in, password reset and change, token sync, joining, the staff's second
 * factor and discount-code look-ups: at most so many attempts a minute per client address and per
 * e-mail address or signed-in account (wrangler.toml [[ratelimits]]; Cloudflare counts per
 * location). Over the limit is an AppError the error handler answers with 429 and `Retry-After`,
 * unless the caller answers it itself (the cart keeps its contents and says why the code was not
 * looked up).
 */
import { AppError } from "../../errors";
import type { Logger } from "../../log";

/** What a Workers Rate Limiting binding offers. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** How long a refused client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 60;

export interface AttemptLimits {
  /**
   * Counts one attempt at `action` by this request's client, and for `who` (an e-mail address, or
   * a signed-in account by user id) on the second limiter; throws RATE_LIMITED when either is over
   * its limit.
   */
  check(action: string, who?: string | { userId: string } | null): Promise<void>;
}

/** The limits for one request, whose client is `client` (its address as Cloudflare reports it). */
export function createAttemptLimits(deps: { byClient: RateLimiter; byEmail: RateLimiter; client: string; log: Logger }): AttemptLimits {
  const { client } = deps;
  return {
    async check(action, who) {
      const checks = [deps.byClient.limit({ key: `${action}:ip:${client}` })];
      if (typeof who === "string" && who) checks.push(deps.byEmail.limit({ key: `${action}:email:${who.toLowerCase()}` }));
      else if (who && typeof who === "object") checks.push(deps.byEmail.limit({ key: `${action}:user:${who.userId}` }));
      const outcomes = await Promise.all(checks);
      if (outcomes.some((outcome) => !outcome.success)) {
        deps.log.warn("auth.rate_limited", { action, client });
        throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
      }
    },
  };
}
