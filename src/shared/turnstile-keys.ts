/**
 * Cloudflare Turnstile's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing/):
 * a site key whose widget always passes, and secret keys that always pass or always fail. Used
 * locally and in tests; production refuses them (src/env.ts).
 */
export const TURNSTILE_TEST_SITE_KEY = "1x00000000000000000000AA";
export const TURNSTILE_TEST_SECRET_KEY = "1x0000000000000000000000000000000AA";
export const TURNSTILE_TEST_FAILING_SECRET_KEY = "2x0000000000000000000000000000000AA";

const TEST_KEYS = new Set([TURNSTILE_TEST_SITE_KEY, "2x00000000000000000000AB", "3x00000000000000000000FF", TURNSTILE_TEST_SECRET_KEY, TURNSTILE_TEST_FAILING_SECRET_KEY, "3x0000000000000000000000000000000AA"]);

export const isTurnstileTestKey = (key: string): boolean => TEST_KEYS.has(key);
