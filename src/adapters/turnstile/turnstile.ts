/**
 * The bot check on public forms: Cloudflare Turnstile's siteverify. With one of Cloudflare's
 * documented test secrets the answer is known in advance (always pass, always fail), so it is
 * given here without a network call: that is the named fake local runs and tests use
 * (`testKeyTurnstile`); production refuses test keys (src/env.ts), so it always asks Cloudflare.
 */
import * as z from "zod";
import { TURNSTILE_TEST_FAILING_SECRET_KEY, isTurnstileTestKey } from "../../shared/turnstile-keys";

export interface BotCheck {
  /** Whether the widget's token proves a person (false for a missing, used or forged token). */
  verify(token: string, clientAddress: string): Promise<boolean>;
}

const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const Outcome = z.object({ success: z.boolean() });

/** The fake for Cloudflare's test secrets: passes any token for the passing key, none for the failing one. */
export function testKeyTurnstile(secretKey: string): BotCheck {
  return { verify: async (token) => token.length > 0 && secretKey !== TURNSTILE_TEST_FAILING_SECRET_KEY };
}

export function createTurnstile(secretKey: string, fetcher: typeof fetch = fetch): BotCheck {
  if (isTurnstileTestKey(secretKey)) return testKeyTurnstile(secretKey);
  return {
    async verify(token, clientAddress) {
      if (!token) return false;
      const body = new FormData();
      body.set("secret", secretKey);
      body.set("response", token);
      if (clientAddress !== "unknown") body.set("remoteip", clientAddress);
      const response = await fetcher(SITEVERIFY, { method: "POST", body, signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`Turnstile answered ${response.status}`);
      return Outcome.parse(await response.json()).success;
    },
  };
}
