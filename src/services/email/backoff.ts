/**
 * When a failed delivery is tried again. The outbox counts attempts; after the last one the
 * message is marked failed and waits for staff ("send again" on /staff/emails).
 */

/** Attempts in all, the first included. */
export const MAX_ATTEMPTS = 6;

const MINUTE = 60_000;
/** The wait after each failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h (about 8.5 hours in all). */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE] as const;

export type AfterFailure = { retry: true; delayMs: number } | { retry: false };

/** What to do after attempt number `attempts` (1 for the first) failed. */
export function afterFailure(attempts: number, permanent: boolean): AfterFailure {
  if (permanent || attempts >= MAX_ATTEMPTS) return { retry: false };
  return { retry: true, delayMs: RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? RETRY_DELAYS_MS.at(-1)! };
}

/** How long a claimed delivery may take before the sweep treats it as crashed and releases it. */
export const LEASE_MS = 5 * MINUTE;

/**
 * How long all sending waits after Email Service reports the account's limit: a rate limit is a
 * short window; the daily quota is taken to renew at the next midnight UTC.
 */
export function pausedUntil(limit: "rate-limit" | "daily-quota", now: Date): Date {
  if (limit === "rate-limit") return new Date(now.getTime() + MINUTE);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
