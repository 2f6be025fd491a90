/// <reference types="vite/client" />
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
import wranglerToml from "../../wrangler.toml?raw";
import { ConfigError, getConfig, LOCAL_STAFF_TOTP_KEY, parseConfig } from "../../src/env";
import { TEST_SECRETS } from "../support/test-secrets";

const valid = () => ({ ...env });
/** A production configuration but for the setting under test (no test-only Stripe stand-in). */
const production = () => ({
  ...valid(),
  ENVIRONMENT: "production",
  STRIPE_API_URL: undefined,
  STRIPE_SECRET_KEY: "sk_live_guildhall0000000",
  EMAIL_FROM: "Guildhall <no-reply@mail.guildhall.org>",
  EMAIL_REPLY_TO: "office@guildhall.org",
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  FIREBASE_SERVICE_ACCOUNT: serviceAccountKey(),
  STAFF_TOTP_KEY: "q9X2c0m4V7bT1nR8yK3fW6hJ5sD0aL2pE4gU7iO9zQc=",
  // This deployment's own secrets, not the committed ones the test environment runs with.
  CMS_TOKEN: "5d0c8e3a9f1b7d4e2c6a8f0b3e5d7c9a1f4b6e8d",
  CACHE_PURGE_SECRET: "a3f9c1e7b5d2084f6a1c9e7b3d5f2a8c",
  SESSION_SECRET: "e8b1d4f7a2c5e9b3d6f0a4c8e2b5d9f1a7c3e6b0",
  PREVIEW_SECRET: "7c2e9a4f1d6b3e8c5a0f7d2b9e4c1a6f",
  EMAIL_EVENTS_SECRET: "b4e7a1d9c3f6e0b8d2a5c7f1e9b3d6a0",
  STRIPE_WEBHOOK_SECRET: "whsec_guildhallProduction0000",
  TURNSTILE_SITE_KEY: "0x4AAAAAAAGuildhallSiteKey",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAAGuildhallSecretKey000000000",
});

/** A service account's JSON key as Google issues it (the key itself is never parsed at startup). */
function serviceAccountKey(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: "service_account",
    project_id: "guildhall-prod",
    private_key_id: "key-1",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQ...\n-----END PRIVATE KEY-----\n",
    client_email: "guildhall-worker@guildhall-prod.iam.gserviceaccount.com",
    ...overrides,
  });
}

function problemsOf(input: Record<string, unknown>): string[] {
  try {
    parseConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

describe("the staff's TOTP key", () => {
  it("is read as 32 bytes", () => {
    expect(parseConfig(valid()).staffSecondFactor.key).toHaveLength(32);
  });

  it.each([
    [undefined, "STAFF_TOTP_KEY is required (32 random bytes, base64: `openssl rand -base64 32`)"],
    ["c2hvcnQ=", "STAFF_TOTP_KEY must be 32 bytes in base64, 44 characters (`openssl rand -base64 32`)"],
    ["not base64 at all!", "STAFF_TOTP_KEY must be 32 bytes in base64, 44 characters (`openssl rand -base64 32`)"],
  ])("refuses %s with a message naming it", (value, message) => {
    expect(problemsOf({ ...valid(), STAFF_TOTP_KEY: value })).toEqual([message]);
  });

  it("refuses the local value in production", () => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", STAFF_TOTP_KEY: LOCAL_STAFF_TOTP_KEY })).toEqual([
      "STAFF_TOTP_KEY must be this deployment's own secret in production (the value in wrangler.toml is for local use only)",
    ]);
  });
});

/** The Worker's secrets: each must be this deployment's own in production. */
const WORKER_SECRETS = ["CMS_TOKEN", "CACHE_PURGE_SECRET", "SESSION_SECRET", "PREVIEW_SECRET", "EMAIL_EVENTS_SECRET", "STRIPE_WEBHOOK_SECRET", "STAFF_TOTP_KEY"] as const;
type WorkerSecret = (typeof WORKER_SECRETS)[number];
const isWorkerSecret = (name: string): name is WorkerSecret => (WORKER_SECRETS as readonly string[]).includes(name);

/**
 * The values a committed file gives a Worker secret: `NAME=value` lines (.dev.vars), or
 * `NAME = "value"` / `NAME: "value"` with a quoted literal (wrangler.toml, scripts).
 */
function assignedSecrets(text: string, { quoted }: { quoted: boolean }): [WorkerSecret, string][] {
  const pattern = quoted ? /^[ \t]*([A-Z0-9_]+)[ \t]*[:=][ \t]*"([^"]+)"/gm : /^[ \t]*([A-Z0-9_]+)=(\S+)/gm;
  const found: [WorkerSecret, string][] = [];
  for (const match of text.matchAll(pattern)) {
    if (isWorkerSecret(match[1]!)) found.push([match[1], match[2]!]);
  }
  return found;
}

const scripts = import.meta.glob<string>("../../scripts/**/*.mjs", { query: "?raw", import: "default", eager: true });

/** Every value of a Worker secret committed to the repository, with the variable it is given to. */
const COMMITTED_SECRETS: [WorkerSecret, string][] = [
  ...assignedSecrets(devVarsExample, { quoted: false }),
  ...assignedSecrets(/^\[vars\]$([\s\S]*?)^\[/m.exec(wranglerToml)![1]!, { quoted: true }),
  ...Object.values(scripts).flatMap((text) => assignedSecrets(text, { quoted: true })),
  ["CMS_TOKEN", TEST_SECRETS.cmsToken],
  ["CMS_TOKEN", TEST_SECRETS.cmsEditorToken],
  ["CACHE_PURGE_SECRET", TEST_SECRETS.purgeSecret],
  ["PREVIEW_SECRET", TEST_SECRETS.previewSecret],
  ["EMAIL_EVENTS_SECRET", TEST_SECRETS.emailEventsSecret],
  ["SESSION_SECRET", TEST_SECRETS.sessionSecret],
  ["STRIPE_WEBHOOK_SECRET", TEST_SECRETS.stripeWebhookSecret],
];

describe("secrets in production", () => {
  it("finds the committed values where they are (so the test below sees them all)", () => {
    const names = new Set(COMMITTED_SECRETS.map(([name]) => name));
    for (const name of WORKER_SECRETS) expect(names, name).toContain(name);
    expect(COMMITTED_SECRETS).toContainEqual(["SESSION_SECRET", "lighthouse-run-session-secret-not-a-secret-0000000"]);
    expect(COMMITTED_SECRETS).toContainEqual(["STAFF_TOTP_KEY", LOCAL_STAFF_TOTP_KEY]);
  });

  it.each(COMMITTED_SECRETS)("refuses the committed %s %s, naming the variable", (name, value) => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", [name]: value })).toContainEqual(
      expect.stringMatching(new RegExp(`^${name} must be this deployment's own secret in production`)),
    );
  });

  it("refuses a committed local value copied into another secret", () => {
    const problems = problemsOf({ ...production(), SITE_URL: "https://guild.example", CACHE_PURGE_SECRET: TEST_SECRETS.sessionSecret, PREVIEW_SECRET: TEST_SECRETS.cmsToken });
    expect(problems).toEqual([
      "CACHE_PURGE_SECRET must be this deployment's own secret in production (a value committed to the repository for local use or tests is public)",
      "PREVIEW_SECRET must be this deployment's own secret in production (a value committed to the repository for local use or tests is public)",
    ]);
  });

  it.each([
    ["CMS_TOKEN", "a1b2c3d4e5f6a7b8c9d0e1f2"],
    ["CACHE_PURGE_SECRET", "a1b2c3d4e5f6a7b8c9d0e1f2"],
  ])("refuses a %s shorter than 32 characters in production only", (name, value) => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", [name]: value })).toEqual([
      `${name} must be at least 32 characters in production (\`openssl rand -base64 32\` makes one)`,
    ]);
    expect(parseConfig({ ...valid(), [name]: value })).toBeTruthy();
  });

  it("accepts this deployment's own secrets", () => {
    expect(parseConfig({ ...production(), SITE_URL: "https://guild.example" }).environment).toBe("production");
  });
});

describe("configuration", () => {
  it("accepts the test environment and derives the GraphQL endpoint", () => {
    const config = parseConfig(valid());
    expect(config.cms.graphqlUrl).toBe(`${config.cms.url}/graphql`);
    expect(config.cache.freshMs).toBeGreaterThan(0);
  });

  it("strips a trailing slash from URLs", () => {
    expect(parseConfig({ ...valid(), CMS_URL: "http://127.0.0.1:1337/" }).cms.graphqlUrl).toBe("http://127.0.0.1:1337/graphql");
  });

  it.each([
    ["CMS_URL", undefined, "CMS_URL"],
    ["CMS_URL", "not a url", "CMS_URL must be an http(s) URL"],
    ["CMS_URL", "ftp://cms.example", "CMS_URL must be an http(s) URL"],
    ["CMS_TOKEN", undefined, "CMS_TOKEN is required"],
    ["CMS_TOKEN", "short", "CMS_TOKEN must be at least 16 characters"],
    ["CACHE_PURGE_SECRET", undefined, "CACHE_PURGE_SECRET is required"],
    ["SITE_NAME", "  ", "SITE_NAME must not be empty"],
    ["SITE_URL", "localhost", "SITE_URL must be an http(s) URL"],
    ["ENVIRONMENT", "staging", "ENVIRONMENT must be one of development, test, production"],
    ["CACHE_FRESH_SECONDS", "soon", "CACHE_FRESH_SECONDS must be a whole number of seconds"],
    ["CACHE_FRESH_SECONDS", "-1", "CACHE_FRESH_SECONDS must not be negative"],
    ["CMS_TIMEOUT_MS", "10", "CMS_TIMEOUT_MS must be at least 100 ms"],
    ["CONTENT_CACHE", undefined, "CONTENT_CACHE must be a KV namespace binding"],
    ["DB", "nope", "DB must be a D1 database binding"],
  ])("refuses %s=%s with a message naming it", (name, value, message) => {
    const problems = problemsOf({ ...valid(), [name]: value });
    expect(problems.join("\n")).toContain(message);
  });

  it("names every bad variable at once", () => {
    const problems = problemsOf({ ...valid(), CMS_URL: undefined, CMS_TOKEN: undefined });
    expect(problems.some((p) => p.startsWith("CMS_URL"))).toBe(true);
    expect(problems.some((p) => p.startsWith("CMS_TOKEN"))).toBe(true);
  });

  it("reads CMS_MEDIA_URL (the object store's public URL of uploads) without a trailing slash, and none by default", () => {
    expect(parseConfig(valid()).cms.mediaUrl).toBeNull();
    expect(parseConfig({ ...valid(), CMS_MEDIA_URL: "https://media.guild.example/" }).cms.mediaUrl).toBe("https://media.guild.example");
    expect(problemsOf({ ...valid(), CMS_MEDIA_URL: "media.guild.example" })).toEqual(["CMS_MEDIA_URL must be an http(s) URL"]);
  });

  it("requires https for the media URL in production", () => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", CMS_MEDIA_URL: "http://media.guild.example" })).toEqual([
      "CMS_MEDIA_URL must use https in production",
    ]);
    expect(parseConfig({ ...production(), SITE_URL: "https://guild.example", CMS_MEDIA_URL: "https://media.guild.example" }).cms.mediaUrl).toBe(
      "https://media.guild.example",
    );
  });

  it("requires https for the site in production", () => {
    expect(
      problemsOf({ ...production(), SITE_URL: "http://guildhall.example" }),
    ).toEqual(["SITE_URL must use https in production"]);
  });

  it("refuses to start in production with the Firebase Auth emulator configured", () => {
    expect(
      problemsOf({ ...production(), SITE_URL: "https://guild.example", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }),
    ).toEqual(["FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it makes the Worker accept unsigned tokens)"]);
  });

  it.each([
    ["SESSION_SECRET", "too-short", "SESSION_SECRET must be at least 32 characters"],
    ["FIREBASE_PROJECT_ID", "Not A Project", "FIREBASE_PROJECT_ID must be a Firebase project id"],
    ["FIREBASE_AUTH_EMULATOR_HOST", "localhost", "FIREBASE_AUTH_EMULATOR_HOST must be host:port"],
    ["TOKEN_SYNC_URL", "http://sync.example", "TOKEN_SYNC_URL must be a site path"],
    ["AUTH_IP_LIMITER", undefined, "AUTH_IP_LIMITER must be a rate limit binding"],
  ])("refuses auth setting %s=%s", (name, value, message) => {
    expect(problemsOf({ ...valid(), [name]: value }).join("\n")).toContain(message);
  });

  it("requires a service account in production, and reads its key's fields", () => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", FIREBASE_SERVICE_ACCOUNT: undefined })).toEqual([
      "FIREBASE_SERVICE_ACCOUNT is required in production (a service account's JSON key: sessions are re-checked with it, so a password reset or a disabled or deleted account ends them)",
    ]);
    expect(parseConfig({ ...production(), SITE_URL: "https://guild.example" }).auth.serviceAccount).toEqual({
      clientEmail: "guildhall-worker@guildhall-prod.iam.gserviceaccount.com",
      privateKey: "-----BEGIN PRIVATE KEY-----\nMIIEvQ...\n-----END PRIVATE KEY-----\n",
      privateKeyId: "key-1",
    });
  });

  it("accepts a service account outside production too, and needs none there", () => {
    expect(parseConfig({ ...valid(), FIREBASE_SERVICE_ACCOUNT: serviceAccountKey() }).auth.serviceAccount?.clientEmail).toBe(
      "guildhall-worker@guildhall-prod.iam.gserviceaccount.com",
    );
    expect(parseConfig({ ...valid(), FIREBASE_SERVICE_ACCOUNT: undefined }).auth.serviceAccount).toBeNull();
  });

  it.each([
    ["not JSON", "{client_email: oops", "FIREBASE_SERVICE_ACCOUNT must be the service account's JSON key (it is not JSON)"],
    ["no e-mail", serviceAccountKey({ client_email: undefined }), "FIREBASE_SERVICE_ACCOUNT.client_email"],
    ["no private key", serviceAccountKey({ private_key: undefined }), "FIREBASE_SERVICE_ACCOUNT.private_key is required"],
    ["a key that is not PEM", serviceAccountKey({ private_key: "c2VjcmV0" }), "FIREBASE_SERVICE_ACCOUNT.private_key must be a PEM private key"],
  ])("refuses a service account with %s, without repeating the secret", (_case, value, message) => {
    const problems = problemsOf({ ...valid(), FIREBASE_SERVICE_ACCOUNT: value }).join("\n");
    expect(problems).toContain(message);
    expect(problems).not.toContain("MIIEvQ");
    expect(problems).not.toContain("c2VjcmV0");
  });

  it.each([
    ["STRIPE_SECRET_KEY", "pk_test_publishable", "STRIPE_SECRET_KEY must be a Stripe secret or restricted key"],
    ["STRIPE_WEBHOOK_SECRET", "secret", "STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret"],
    ["STRIPE_WEBHOOK_SECRET", undefined, "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set"],
    ["STRIPE_API_URL", "not a url", "STRIPE_API_URL must be an http(s) URL"],
  ])("refuses card-payment setting %s=%s", (name, value, message) => {
    expect(problemsOf({ ...valid(), [name]: value }).join("\n")).toContain(message);
  });

  it("refuses a Stripe test key or API stand-in in production, and reads Stripe's own origins otherwise", () => {
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", STRIPE_SECRET_KEY: "sk_test_guildhall0000000" })).toEqual([
      "STRIPE_SECRET_KEY must be a live key in production",
    ]);
    expect(problemsOf({ ...production(), SITE_URL: "https://guild.example", STRIPE_API_URL: "http://127.0.0.1:1" })).toEqual([
      "STRIPE_API_URL must not be set in production (it points card payments away from Stripe)",
    ]);
    const live = parseConfig({ ...production(), SITE_URL: "https://guild.example" }).stripe!;
    expect(live.api).toEqual({ protocol: "https", host: "api.stripe.com", port: 443 });
    expect(live.redirectOrigins).toEqual(["https://checkout.stripe.com", "https://billing.stripe.com"]);
    expect(parseConfig({ ...valid(), STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }).stripe).toBeNull();
  });

  it("offers Bacs Direct Debit with STRIPE_DIRECT_DEBIT (nothing without Stripe), and refuses a scheme the site's pounds cannot use or an unknown one", () => {
    expect(parseConfig({ ...valid(), STRIPE_DIRECT_DEBIT: "bacs_debit" }).stripe!.directDebit).toBe("bacs_debit");
    expect(parseConfig({ ...valid(), STRIPE_DIRECT_DEBIT: undefined }).stripe!.directDebit).toBeNull();
    expect(problemsOf({ ...valid(), STRIPE_DIRECT_DEBIT: "sepa_debit" })).toEqual(["STRIPE_DIRECT_DEBIT sepa_debit collects EUR, but this site's prices are in GBP"]);
    expect(problemsOf({ ...valid(), STRIPE_DIRECT_DEBIT: "direct_debit" })).toEqual([
      "STRIPE_DIRECT_DEBIT must be bacs_debit (Bacs Direct Debit, pounds) or sepa_debit (SEPA Direct Debit, euros)",
    ]);
    expect(parseConfig({ ...valid(), STRIPE_DIRECT_DEBIT: "bacs_debit", STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }).stripe).toBeNull();
  });

  it("marks cookies Secure everywhere but plain-http localhost", () => {
    expect(parseConfig({ ...valid(), SITE_URL: "http://localhost:8787" }).auth.secureCookies).toBe(false);
    expect(parseConfig({ ...valid(), SITE_URL: "https://guild.example" }).auth.secureCookies).toBe(true);
    expect(parseConfig({ ...valid(), SITE_URL: "http://staging.guild.example" }).auth.secureCookies).toBe(true);
  });

  it("parses once per env object", () => {
    const input = valid();
    expect(getConfig(input)).toBe(getConfig(input));
  });

  describe("e-mail", () => {
    it("reads the sender and reply-to, with or without a display name", () => {
      const config = parseConfig({ ...valid(), EMAIL_FROM: '"The Guildhall" <No-Reply@Mail.Guildhall.org>', EMAIL_REPLY_TO: "office@guildhall.org" });
      expect(config.email).toMatchObject({ from: { email: "no-reply@mail.guildhall.org", name: "The Guildhall" }, replyTo: { email: "office@guildhall.org", name: null } });
    });

    it.each([
      ["EMAIL_FROM", undefined, "EMAIL_FROM is required"],
      ["EMAIL_FROM", "Guildhall", "EMAIL_FROM must be an e-mail address"],
      ["EMAIL_FROM", "Guildhall <not an address>", "EMAIL_FROM must be an e-mail address"],
      ["EMAIL_REPLY_TO", "office@", "EMAIL_REPLY_TO must be an e-mail address"],
      ["EMAIL", undefined, "EMAIL must be a send_email binding"],
      ["EMAIL_QUEUE", {}, "EMAIL_QUEUE must be a queue producer binding"],
    ])("refuses %s=%s with a message naming it", (name, value, message) => {
      expect(problemsOf({ ...valid(), [name]: value }).join("\n")).toContain(message);
    });

    it("refuses placeholder addresses in production", () => {
      const problems = problemsOf({ ...production(), EMAIL_FROM: "Guildhall <no-reply@guildhall.example>", EMAIL_REPLY_TO: "office@guildhall.local" });
      expect(problems).toContain("EMAIL_FROM must be a real address in production (no-reply@guildhall.example is a placeholder domain)");
      expect(problems).toContain("EMAIL_REPLY_TO must be a real address in production (office@guildhall.local is a placeholder domain)");
      expect(problemsOf(production()).join("\n")).not.toContain("EMAIL_");
    });
  });
});
