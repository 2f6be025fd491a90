import * as z from "zod";
import type { ServiceAccount } from "./adapters/firebase/service-account-token";
import { DIRECT_DEBIT_CURRENCY, SITE_CURRENCY } from "./domain/billing";
import type { DirectDebitScheme } from "./domain/membership";
import type { PublicEnv } from "./shared/public-env";
import type { SearchQueueMessage } from "./services/search/indexer";
import { isTurnstileTestKey, TURNSTILE_TEST_SECRET_KEY, TURNSTILE_TEST_SITE_KEY } from "./shared/turnstile-keys";

/**
 * Every binding, variable and secret the Worker reads. Parsed once per isolate (per `env`
 * object); a missing or malformed value stops the Worker with a message naming it.
 */
export interface Bindings {
  CONTENT_CACHE: KVNamespace;
  /** The one Durable Object every cache purge passes through (wrangler.toml [durable_objects]): serialised, debounced purges. */
  CONTENT_PURGER: DurableObjectNamespace;
  /** One Durable Object per content cache key (wrangler.toml [durable_objects]): a key's load shared by every isolate. */
  CONTENT_LOADER: DurableObjectNamespace;
  DB: D1Database;
  ENVIRONMENT: string;
  CMS_URL: string;
  CMS_MEDIA_URL?: string;
  CMS_TOKEN: string;
  CACHE_PURGE_SECRET: string;
  PREVIEW_SECRET?: string;
  EMAIL_EVENTS_SECRET?: string;
  SITE_NAME: string;
  SITE_URL: string;
  CMS_TIMEOUT_MS?: string;
  CACHE_FRESH_SECONDS?: string;
  CACHE_STALE_WHILE_REVALIDATE_SECONDS?: string;
  CACHE_STALE_IF_ERROR_SECONDS?: string;
  CACHE_MAX_OUTDATED_SECONDS?: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_API_KEY: string;
  SESSION_SECRET: string;
  SESSION_MAX_AGE_SECONDS?: string;
  TOKEN_SYNC_URL?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  FIREBASE_SERVICE_ACCOUNT?: string;
  AUTH_IP_LIMITER: RateLimit;
  AUTH_EMAIL_LIMITER: RateLimit;
  DIRECTORY_LIMITER: RateLimit;
  /** Site searches per client address (wrangler.toml [[ratelimits]]). */
  SEARCH_LIMITER: RateLimit;
  /** Messages through a practitioner's contact form per client address (wrangler.toml [[ratelimits]]). */
  PRACTITIONER_CONTACT_LIMITER: RateLimit;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  STAFF_EMAILS?: string;
  STAFF_TOTP_KEY: string;
  MEMBERSHIP_GRACE_DAYS?: string;
  OFFLINE_PAYMENT_INSTRUCTIONS?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
  STRIPE_DIRECT_DEBIT?: string;
  EDGE_CACHE_SECONDS?: string;
  /** The deployed version (wrangler.toml [version_metadata]); pages kept by one version are never served by another. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** Cloudflare Email Service (wrangler.toml [[send_email]]); simulated locally, nothing leaves the machine. */
  EMAIL: SendEmail;
  /** The e-mail delivery queue's producer (wrangler.toml [[queues.producers]]): outbox message ids. */
  EMAIL_QUEUE: Queue<EmailQueueMessage>;
  /** The background jobs' queue (wrangler.toml [[queues.producers]]): the rest of a daily run too big for one invocation. */
  JOBS_QUEUE: Queue<JobQueueMessage>;
  /** The site search index's queue (wrangler.toml [[queues.producers]]): documents to index again, rebuild pages. */
  SEARCH_QUEUE: Queue<SearchQueueMessage>;
  /** Sent e-mails archived out of D1 (wrangler.toml [[r2_buckets]]). */
  EMAIL_ARCHIVE: R2Bucket;
  /** Background exports' files (wrangler.toml [[r2_buckets]]): private, served only by the Worker to staff. */
  EXPORTS: R2Bucket;
  APPLICANT_DOCUMENTS: R2Bucket;
  /** Practitioners' photos (wrangler.toml [[r2_buckets]]): served only by the Worker, and only while the listing is shown. */
  PRACTITIONER_PHOTOS: R2Bucket;
  /** The most rows one CSV download holds; past it staff are offered a background export. Tests lower it. */
  EXPORT_DOWNLOAD_MAX_ROWS?: string;
  EMAIL_FROM: string;
  EMAIL_REPLY_TO: string;
  IMPORT_INVITATIONS_PER_DAY?: string;
}

/** What the e-mail delivery queue carries: one outbox message id per queue message. */
export interface EmailQueueMessage {
  id: string;
}

/** What the jobs queue carries: which job to go on with (its progress is in D1, not in the message). */
export type JobQueueMessage =
  | {
      job: "membership-year";
      /** The run's clock and name (daily_job_progress.run_at). */
      runAt: string;
    }
  | {
      /** A background export (staff_exports.id). */
      job: "export";
      exportId: string;
    }
  | {
      /** The next pages of a bulk message's fan-out (member_messages.id). */
      job: "member-message";
      messageId: string;
    }
  | {
      /** The next orders of a cancelled event to refund or release (event_state_changes.event_id). */
      job: "event-cancellation";
      eventId: string;
    }
  | {
      /** A check of an event's waiting list, sent delayed to just after a hold ends (services/events/place-checks.ts). */
      job: "event-places";
      eventId: string;
      /** The hold's end, when it is later than a message can be delayed: an early arrival is sent on. */
      notBefore?: string;
    }
  | {
      job: "member-import";
      /** The import to go on with (member_imports.id). */
      importId: number;
    };

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => value.replace(/\/+$/, ""));

const seconds = (fallback: number) =>
  z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(0, { error: "must not be negative" })
    .default(fallback);

const secret = z
  .string({ error: "is required (a secret: .dev.vars locally, `wrangler secret put` in production)" })
  .min(16, { error: "must be at least 16 characters" });

/**
 * Every local and test value of a secret committed to this repository (.dev.vars.example, the
 * test stack's, the scripts') says "not-a-secret" ("not_a_secret" where a hyphen cannot go), so
 * production recognises one wherever it was copied to.
 */
const COMMITTED_SECRET = /not[-_]a[-_]secret/i;
/** The shortest secret production accepts for what the Worker signs or checks with. */
const PRODUCTION_SECRET_MIN_LENGTH = 32;

/** A Google service account's JSON key: only the fields the Worker uses are required. */
const ServiceAccountKey = z
  .object({
    client_email: z.email({ error: "must be the service account's e-mail address" }),
    private_key: z.string({ error: "is required" }).includes("PRIVATE KEY-----", { error: "must be a PEM private key" }),
    private_key_id: z.string().optional(),
  })
  .transform((key): ServiceAccount => ({ clientEmail: key.client_email, privateKey: key.private_key, privateKeyId: key.private_key_id ?? null }));

/**
 * The key that seals the staff's TOTP secrets in D1: 32 random bytes, base64
 * (`openssl rand -base64 32`). wrangler.toml's development value is refused in production.
 */
export const LOCAL_STAFF_TOTP_KEY = "Z3VpbGRoYWxsLWxvY2FsLXN0YWZmLXRvdHAta2V5ISE=";
const aesKey = z
  .string({ error: "is required (32 random bytes, base64: `openssl rand -base64 32`)" })
  .trim()
  .transform((value, ctx) => {
    let bytes: Uint8Array | null = null;
    try {
      if (/^[A-Za-z0-9+/]+={0,2}$/.test(value)) bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    } catch {
      bytes = null;
    }
    if (!bytes || bytes.length !== 32) {
      ctx.issues.push({ code: "custom", input: "(secret)", message: "must be 32 bytes in base64, 44 characters (`openssl rand -base64 32`)" });
      return z.NEVER;
    }
    return { base64: value, bytes };
  });

const EMAIL_ADDRESS = /^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$/;

/** "Guildhall <no-reply@guildhall.org>" or "no-reply@guildhall.org". */
const mailbox = (what: string) =>
  z
    .string({ error: `is required (${what})` })
    .trim()
    .transform((value, ctx) => {
      const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
      const email = (named ? named[2]! : value).trim();
      const name = named ? named[1]!.replace(/^"(.*)"$/, "$1").trim() : "";
      if (!EMAIL_ADDRESS.test(email)) {
        ctx.issues.push({ code: "custom", input: value, message: `must be an e-mail address, optionally with a name: "Name <address@domain>" (${what})` });
        return z.NEVER;
      }
      return { email: email.toLowerCase(), name: name || null };
    });

const binding = <T>(name: string, method: string) =>
  z.custom<T>(
    (value) => typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function",
    { error: `must be a ${name} binding (see wrangler.toml)` },
  );

export const EnvSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"], {
    error: "must be one of development, test, production",
  }),
  CMS_URL: httpUrl,
  /** The object store's public URL of CMS uploads (R2); unset when the CMS keeps them itself. */
  CMS_MEDIA_URL: httpUrl.optional(),
  CMS_TOKEN: secret,
  CACHE_PURGE_SECRET: secret,
  /** Editors' draft preview: the secret the CMS's "Open preview" link carries; unset turns preview off. */
  PREVIEW_SECRET: z
    .string()
    .min(32, { error: "must be at least 32 characters" })
    .optional(),
  /** Signs the reports of bounces and complaints posted to /api/email/events; unset turns that address off. */
  EMAIL_EVENTS_SECRET: z
    .string()
    .min(32, { error: "must be at least 32 characters" })
    .optional(),
  SITE_NAME: z.string({ error: "is required" }).trim().min(1, { error: "must not be empty" }),
  SITE_URL: httpUrl,
  CMS_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(100, { error: "must be at least 100 ms" })
    .max(30_000, { error: "must be at most 30000 ms" })
    .default(4000),
  CACHE_FRESH_SECONDS: seconds(300),
  CACHE_STALE_WHILE_REVALIDATE_SECONDS: seconds(86_400),
  CACHE_STALE_IF_ERROR_SECONDS: seconds(604_800),
  CACHE_MAX_OUTDATED_SECONDS: seconds(60),
  EDGE_CACHE_SECONDS: seconds(3600),
  CONTENT_CACHE: binding<KVNamespace>("KV namespace", "get"),
  CONTENT_PURGER: binding<DurableObjectNamespace>("Durable Object namespace", "idFromName"),
  CONTENT_LOADER: binding<DurableObjectNamespace>("Durable Object namespace", "idFromName"),
  DB: binding<D1Database>("D1 database", "prepare"),
  FIREBASE_PROJECT_ID: z
    .string({ error: "is required (the Firebase project id)" })
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, { error: "must be a Firebase project id (6-30 lower-case letters, digits, hyphens)" }),
  FIREBASE_API_KEY: z.string({ error: "is required (the Firebase web API key)" }).trim().min(1, { error: "must not be empty" }),
  SESSION_SECRET: z
    .string({ error: "is required (a secret: .dev.vars locally, `wrangler secret put` in production)" })
    .min(32, { error: "must be at least 32 characters" }),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(300, { error: "must be at least 300 seconds" })
    .max(1_209_600, { error: "must be at most 14 days (1209600 seconds)" })
    .default(432_000),
  TOKEN_SYNC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || value.startsWith("/") || /^https:\/\//.test(value), {
      error: "must be a site path (/api/auth/token) or an https URL",
    }),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^[A-Za-z0-9.-]+:\d{2,5}$/.test(value), { error: "must be host:port" }),
  FIREBASE_SERVICE_ACCOUNT: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.issues.push({ code: "custom", input: "(secret)", message: "must be the service account's JSON key (it is not JSON)" });
        return z.NEVER;
      }
    })
    .pipe(ServiceAccountKey.nullable()),
  AUTH_IP_LIMITER: binding<RateLimit>("rate limit", "limit"),
  AUTH_EMAIL_LIMITER: binding<RateLimit>("rate limit", "limit"),
  DIRECTORY_LIMITER: binding<RateLimit>("rate limit", "limit"),
  SEARCH_LIMITER: binding<RateLimit>("rate limit", "limit"),
  PRACTITIONER_CONTACT_LIMITER: binding<RateLimit>("rate limit", "limit"),
  /** Cloudflare Turnstile on the practitioner contact form; Cloudflare's documented test keys by default (refused in production). */
  TURNSTILE_SITE_KEY: z.string().trim().min(1).default(TURNSTILE_TEST_SITE_KEY),
  TURNSTILE_SECRET_KEY: z.string().trim().min(1).default(TURNSTILE_TEST_SECRET_KEY),
  STAFF_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)), {
      error: "must be a comma-separated list of e-mail addresses",
    }),
  STAFF_TOTP_KEY: aesKey,
  MEMBERSHIP_GRACE_DAYS: z.coerce
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(0, { error: "must not be negative" })
    .max(365, { error: "must be at most 365 days" })
    .default(30),
  OFFLINE_PAYMENT_INSTRUCTIONS: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/.test(value), {
      error: "must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)",
    }),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^whsec_[A-Za-z0-9_]{8,}$/.test(value), { error: "must be a Stripe webhook signing secret (whsec_...)" }),
  /** Only for a local stand-in of Stripe's API (tests); refused in production. */
  STRIPE_API_URL: httpUrl.optional(),
  /** The Direct Debit scheme offered beside card payment (Stripe's name for it); unset: card only. Without Stripe, nothing is offered. */
  STRIPE_DIRECT_DEBIT: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value): value is DirectDebitScheme | null => value === null || Object.hasOwn(DIRECT_DEBIT_CURRENCY, value), {
      error: "must be bacs_debit (Bacs Direct Debit, pounds) or sepa_debit (SEPA Direct Debit, euros)",
    }),
  CF_VERSION_METADATA: z
    .custom<WorkerVersionMetadata>((value) => typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string", {
      error: "must be a version metadata binding (see wrangler.toml)",
    })
    .optional(),
  EMAIL: binding<SendEmail>("send_email", "send"),
  EMAIL_QUEUE: binding<Queue<EmailQueueMessage>>("queue producer", "sendBatch"),
  JOBS_QUEUE: binding<Queue<JobQueueMessage>>("queue producer", "send"),
  SEARCH_QUEUE: binding<Queue<SearchQueueMessage>>("queue producer", "send"),
  EMAIL_ARCHIVE: binding<R2Bucket>("R2 bucket", "put"),
  EXPORTS: binding<R2Bucket>("R2 bucket", "createMultipartUpload"),
  APPLICANT_DOCUMENTS: binding<R2Bucket>("R2 bucket", "put"),
  PRACTITIONER_PHOTOS: binding<R2Bucket>("R2 bucket", "put"),
  EXPORT_DOWNLOAD_MAX_ROWS: z.coerce
    .number({ error: "must be a whole number of rows" })
    .int({ error: "must be a whole number of rows" })
    .min(1, { error: "must be at least 1" })
    .max(200_000, { error: "must be at most 200000 (what one request can stream: docs/decisions/0040-exports-at-scale.md)" })
    .default(200_000),
  EMAIL_FROM: mailbox("the sender of the site's e-mails, on a domain set up for Cloudflare Email Service sending"),
  EMAIL_REPLY_TO: mailbox("where replies to the site's e-mails go: the society's office"),
  /** The member import's claim invitations let into the outbox per UTC day, within Email Service's daily quota. */
  IMPORT_INVITATIONS_PER_DAY: z.coerce
    .number({ error: "must be a whole number of e-mails a day" })
    .int({ error: "must be a whole number of e-mails a day" })
    .min(0, { error: "must not be negative" })
    .max(1_000_000, { error: "must be at most 1000000" })
    .default(1000),
});

/** What applicants and buyers read under "How to pay" unless OFFLINE_PAYMENT_INSTRUCTIONS says otherwise. */
export const DEFAULT_OFFLINE_INSTRUCTIONS =
  "Pay by bank transfer to The Guild of Example Physiotherapists, sort code 00-00-00, account 00000000, quoting your payment reference, " +
  "or send a cheque payable to The Guild of Example Physiotherapists with your reference on the back to the address at the foot of this page.";

export interface Config {
  environment: "development" | "test" | "production";
  cms: {
    url: string;
    graphqlUrl: string;
    token: string;
    timeoutMs: number;
    /** Where uploads are fetched from and whose URLs read as `/uploads/<file>`; null: `{url}/uploads`. */
    mediaUrl: string | null;
  };
  cache: { freshMs: number; staleWhileRevalidateMs: number; staleIfErrorMs: number; maxOutdatedMs: number };
  /** How long the edge cache keeps an anonymous page (0 turns it off); a purge ends it sooner. */
  edgeCache: { ttlSeconds: number };
  cachePurgeSecret: string;
  /** Editors' draft preview (PREVIEW_SECRET); null: preview is off and a preview cookie does nothing. */
  preview: { secret: string } | null;
  site: { name: string; url: string };
  auth: AuthConfig;
  membership: {
    /** Staff accounts (lower-case e-mail addresses), checked at the edge on every staff request. */
    staffEmails: readonly string[];
    /** Days after a period ends during which the member keeps access. */
    graceDays: number;
    /** How to pay offline (bank details…), shown to applicants and buyers. */
    offlinePaymentInstructions: string;
  };
  /** The staff's second factor: the AES-GCM key (32 bytes) sealing TOTP secrets in D1. */
  staffSecondFactor: { key: Uint8Array };
  /** Card payments through Stripe; null when STRIPE_SECRET_KEY is not set (offline payment only). */
  stripe: StripeConfig | null;
  email: EmailConfig;
  /** Staff exports: the most rows one download holds (past it, a background export into `bindings.exports`). */
  exports: { downloadMaxRows: number };
  /** The member import's claim invitations: at most this many let into the outbox a UTC day. */
  memberImport: { invitationsPerDay: number };
  /** The bot check on the practitioner contact form (Cloudflare Turnstile). */
  turnstile: { siteKey: string; secretKey: string };
  bindings: {
    contentCache: KVNamespace;
    contentPurger: DurableObjectNamespace;
    contentLoader: DurableObjectNamespace;
    db: D1Database;
    authIpLimiter: RateLimit;
    authEmailLimiter: RateLimit;
    /** Member directory pages per member. */
    directoryLimiter: RateLimit;
    /** Site searches per client address. */
    searchLimiter: RateLimit;
    /** Practitioner contact-form messages per client address. */
    practitionerContactLimiter: RateLimit;
    email: SendEmail;
    emailQueue: Queue<EmailQueueMessage>;
    jobsQueue: Queue<JobQueueMessage>;
    searchQueue: Queue<SearchQueueMessage>;
    emailArchive: R2Bucket;
    exports: R2Bucket;
    /** Applicants' uploaded documents (private; served only by the Worker to the applicant and staff). */
    applicantDocuments: R2Bucket;
    /** Practitioners' photos (served by the Worker only while the listing is shown). */
    practitionerPhotos: R2Bucket;
  };
}

export interface EmailConfig {
  from: { email: string; name: string | null };
  replyTo: { email: string; name: string | null };
  /** EMAIL_EVENTS_SECRET: signs the bounce and complaint reports; null when they are not received. */
  eventsSecret: string | null;
}

export interface AuthConfig {
  projectId: string;
  /** Public: the browser's Firebase SDK needs it too. */
  apiKey: string;
  /** host:port of the Firebase Auth emulator; only then are unsigned emulator tokens accepted. */
  emulatorHost: string | null;
  /** Base URL of the Identity Toolkit REST API (the emulator's when set). */
  identityToolkitUrl: string;
  /**
   * The Worker's own credential for Identity Toolkit's admin calls (re-checking accounts); null
   * outside production, where the emulator's `owner` stands in or accounts are not re-checked.
   */
  serviceAccount: ServiceAccount | null;
  sessionSecret: string;
  sessionMaxAgeSeconds: number;
  tokenSyncUrl: string | null;
  /** Whether cookies get the Secure attribute (everywhere but plain-http localhost). */
  secureCookies: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin: Stripe's own, or a local stand-in in tests. */
  api: { protocol: "http" | "https"; host: string; port: number };
  /** Origins a Checkout or billing portal URL from the API may send the browser to. */
  redirectOrigins: readonly string[];
  /** The Direct Debit scheme offered beside card payment (STRIPE_DIRECT_DEBIT); null: card only. */
  directDebit: DirectDebitScheme | null;
}

/** Thrown when the Worker's configuration is invalid; its message names every bad variable. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: string[]) {
    super(`Invalid Worker configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function parseConfig(env: unknown): Config {
  const result = EnvSchema.safeParse(env ?? {});
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "env"} ${issue.message}`));
  }
  const e = result.data;
  const problems: string[] = [];
  if (e.ENVIRONMENT === "production" && !e.SITE_URL.startsWith("https://")) problems.push("SITE_URL must use https in production");
  if (e.ENVIRONMENT === "production" && e.CMS_MEDIA_URL && !e.CMS_MEDIA_URL.startsWith("https://")) {
    problems.push("CMS_MEDIA_URL must use https in production");
  }
  if (e.ENVIRONMENT === "production" && e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push("FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it makes the Worker accept unsigned tokens)");
  }
  if (e.ENVIRONMENT === "production" && !e.FIREBASE_SERVICE_ACCOUNT) {
    problems.push(
      "FIREBASE_SERVICE_ACCOUNT is required in production (a service account's JSON key: sessions are re-checked with it, so a password reset or a disabled or deleted account ends them)",
    );
  }
  if (e.ENVIRONMENT === "production" && e.STRIPE_API_URL) {
    problems.push("STRIPE_API_URL must not be set in production (it points card payments away from Stripe)");
  }
  if (e.ENVIRONMENT === "production" && e.STRIPE_SECRET_KEY?.includes("_test_")) {
    problems.push("STRIPE_SECRET_KEY must be a live key in production");
  }
  if (e.ENVIRONMENT === "production") problems.push(...productionSecretProblems(e));
  if (e.ENVIRONMENT === "production" && (isTurnstileTestKey(e.TURNSTILE_SITE_KEY) || isTurnstileTestKey(e.TURNSTILE_SECRET_KEY))) {
    problems.push("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be this site's own keys in production (Cloudflare's test keys let every bot through)");
  }
  if (e.ENVIRONMENT === "production" && e.STAFF_TOTP_KEY.base64 === LOCAL_STAFF_TOTP_KEY) {
    problems.push("STAFF_TOTP_KEY must be this deployment's own secret in production (the value in wrangler.toml is for local use only)");
  }
  if (e.STRIPE_DIRECT_DEBIT && DIRECT_DEBIT_CURRENCY[e.STRIPE_DIRECT_DEBIT as DirectDebitScheme] !== SITE_CURRENCY) {
    problems.push(
      `STRIPE_DIRECT_DEBIT ${e.STRIPE_DIRECT_DEBIT} collects ${DIRECT_DEBIT_CURRENCY[e.STRIPE_DIRECT_DEBIT as DirectDebitScheme]!.toUpperCase()}, but this site's prices are in ${SITE_CURRENCY.toUpperCase()}`,
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (card payments are confirmed by Stripe's webhook)");
  }
  for (const [name, address] of [["EMAIL_FROM", e.EMAIL_FROM], ["EMAIL_REPLY_TO", e.EMAIL_REPLY_TO]] as const) {
    if (e.ENVIRONMENT === "production" && /\.(example|local|localhost|test|invalid)$/.test(address.email)) {
      problems.push(`${name} must be a real address in production (${address.email} is a placeholder domain)`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const siteHost = new URL(e.SITE_URL).hostname;
  return {
    environment: e.ENVIRONMENT,
    cms: {
      url: e.CMS_URL,
      graphqlUrl: `${e.CMS_URL}/graphql`,
      token: e.CMS_TOKEN,
      timeoutMs: e.CMS_TIMEOUT_MS,
      mediaUrl: e.CMS_MEDIA_URL ?? null,
    },
    cache: {
      freshMs: e.CACHE_FRESH_SECONDS * 1000,
      staleWhileRevalidateMs: e.CACHE_STALE_WHILE_REVALIDATE_SECONDS * 1000,
      staleIfErrorMs: e.CACHE_STALE_IF_ERROR_SECONDS * 1000,
      maxOutdatedMs: e.CACHE_MAX_OUTDATED_SECONDS * 1000,
    },
    edgeCache: { ttlSeconds: e.EDGE_CACHE_SECONDS },
    cachePurgeSecret: e.CACHE_PURGE_SECRET,
    preview: e.PREVIEW_SECRET ? { secret: e.PREVIEW_SECRET } : null,
    site: { name: e.SITE_NAME, url: e.SITE_URL },
    auth: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      identityToolkitUrl: e.FIREBASE_AUTH_EMULATOR_HOST
        ? `http://${e.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`
        : "https://identitytoolkit.googleapis.com/v1",
      serviceAccount: e.FIREBASE_SERVICE_ACCOUNT,
      sessionSecret: e.SESSION_SECRET,
      sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
      tokenSyncUrl: e.TOKEN_SYNC_URL,
      secureCookies: !(e.SITE_URL.startsWith("http://") && ["localhost", "127.0.0.1"].includes(siteHost)),
    },
    membership: {
      staffEmails: e.STAFF_EMAILS,
      graceDays: e.MEMBERSHIP_GRACE_DAYS,
      offlinePaymentInstructions: e.OFFLINE_PAYMENT_INSTRUCTIONS ?? DEFAULT_OFFLINE_INSTRUCTIONS,
    },
    staffSecondFactor: { key: e.STAFF_TOTP_KEY.bytes },
    stripe: stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL, e.STRIPE_DIRECT_DEBIT as DirectDebitScheme | null),
    email: { from: e.EMAIL_FROM, replyTo: e.EMAIL_REPLY_TO, eventsSecret: e.EMAIL_EVENTS_SECRET ?? null },
    exports: { downloadMaxRows: e.EXPORT_DOWNLOAD_MAX_ROWS },
    memberImport: { invitationsPerDay: e.IMPORT_INVITATIONS_PER_DAY },
    turnstile: { siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY },
    bindings: {
      contentCache: e.CONTENT_CACHE,
      contentPurger: e.CONTENT_PURGER,
      contentLoader: e.CONTENT_LOADER,
      db: e.DB,
      authIpLimiter: e.AUTH_IP_LIMITER,
      authEmailLimiter: e.AUTH_EMAIL_LIMITER,
      directoryLimiter: e.DIRECTORY_LIMITER,
      searchLimiter: e.SEARCH_LIMITER,
      practitionerContactLimiter: e.PRACTITIONER_CONTACT_LIMITER,
      email: e.EMAIL,
      emailQueue: e.EMAIL_QUEUE,
      jobsQueue: e.JOBS_QUEUE,
      searchQueue: e.SEARCH_QUEUE,
      emailArchive: e.EMAIL_ARCHIVE,
      exports: e.EXPORTS,
      applicantDocuments: e.APPLICANT_DOCUMENTS,
      practitionerPhotos: e.PRACTITIONER_PHOTOS,
    },
  };
}

/** Production's secrets must be its own: none committed to the repository, none short enough to guess. */
function productionSecretProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const secrets = {
    CMS_TOKEN: e.CMS_TOKEN,
    CACHE_PURGE_SECRET: e.CACHE_PURGE_SECRET,
    SESSION_SECRET: e.SESSION_SECRET,
    PREVIEW_SECRET: e.PREVIEW_SECRET,
    EMAIL_EVENTS_SECRET: e.EMAIL_EVENTS_SECRET,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  };
  for (const [name, value] of Object.entries(secrets)) {
    if (!value) continue;
    if (COMMITTED_SECRET.test(value)) {
      problems.push(`${name} must be this deployment's own secret in production (a value committed to the repository for local use or tests is public)`);
    } else if (name !== "STRIPE_WEBHOOK_SECRET" && value.length < PRODUCTION_SECRET_MIN_LENGTH) {
      // (Stripe makes the webhook secret: only a committed stand-in of it is refused.)
      problems.push(`${name} must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production (\`openssl rand -base64 32\` makes one)`);
    }
  }
  return problems;
}

function stripeConfig(secretKey: string | null, webhookSecret: string | null, apiUrl: string | undefined, directDebit: DirectDebitScheme | null): StripeConfig | null {
  if (!secretKey || !webhookSecret) return null;
  const api = new URL(apiUrl ?? "https://api.stripe.com");
  const protocol = api.protocol === "http:" ? "http" : "https";
  return {
    secretKey,
    webhookSecret,
    api: { protocol, host: api.hostname, port: Number(api.port || (protocol === "http" ? 80 : 443)) },
    redirectOrigins: apiUrl ? [api.origin] : ["https://checkout.stripe.com", "https://billing.stripe.com"],
    directDebit,
  };
}

const parsed = new WeakMap<object, Config>();

/** The validated configuration for this `env`, parsed once and memoised per isolate. */
export function getConfig(env: Bindings): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env);
    parsed.set(env, config);
  }
  return config;
}

/** The only configuration browser code may see (serialised into pages that load an island). */
export function getPublicEnv(config: Config): PublicEnv {
  return {
    firebase: {
      apiKey: config.auth.apiKey,
      projectId: config.auth.projectId,
      authDomain: `${config.auth.projectId}.firebaseapp.com`,
      emulatorUrl: config.auth.emulatorHost ? `http://${config.auth.emulatorHost}` : null,
    },
    tokenSyncUrl: config.auth.tokenSyncUrl,
    siteUrl: config.site.url,
  };
}
