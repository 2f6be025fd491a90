/**
 * Abuse protection for sign-in, password reset and change, token sync, joining and the staff's
 * second factor: at most so many
 * attempts a minute per client address and per e-mail address (wrangler.toml [[ratelimits]];
 * Cloudflare counts per location). Over the limit is an AppError the error handler answers with
 * 429 and `Retry-After`.
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
  /** Counts one attempt at `action` by this request's client (and for `email`); throws RATE_LIMITED when either is over its limit. */
  check(action: string, email?: string | null): Promise<void>;
}

/** The limits for one request, whose client is `client` (its address as Cloudflare reports it). */
export function createAttemptLimits(deps: { byClient: RateLimiter; byEmail: RateLimiter; client: string; log: Logger }): AttemptLimits {
  const { client } = deps;
  return {
    async check(action, email) {
      const checks = [deps.byClient.limit({ key: `${action}:ip:${client}` })];
      if (email) checks.push(deps.byEmail.limit({ key: `${action}:email:${email.toLowerCase()}` }));
      const outcomes = await Promise.all(checks);
      if (outcomes.some((outcome) => !outcome.success)) {
        deps.log.warn("auth.rate_limited", { action, client });
        throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
      }
    },
  };
}
