import { z } from "zod";

/**
 * Every binding, variable and secret the Worker reads. Parsed once per isolate (per `env`
 * object); a missing or malformed value stops the Worker with a message naming it.
 */
export interface Bindings {
  CONTENT_CACHE: KVNamespace;
  DB: D1Database;
  ENVIRONMENT: string;
  CMS_URL: string;
  CMS_TOKEN: string;
  CACHE_PURGE_SECRET: string;
  SITE_NAME: string;
  SITE_URL: string;
  CMS_TIMEOUT_MS?: string;
  CACHE_FRESH_SECONDS?: string;
  CACHE_STALE_WHILE_REVALIDATE_SECONDS?: string;
  CACHE_STALE_IF_ERROR_SECONDS?: string;
}

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

const binding = <T>(name: string, method: string) =>
  z.custom<T>(
    (value) => typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function",
    { error: `must be a ${name} binding (see wrangler.toml)` },
  );

const EnvSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"], {
    error: "must be one of development, test, production",
  }),
  CMS_URL: httpUrl,
  CMS_TOKEN: secret,
  CACHE_PURGE_SECRET: secret,
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
  CONTENT_CACHE: binding<KVNamespace>("KV namespace", "get"),
  DB: binding<D1Database>("D1 database", "prepare"),
});

export interface Config {
  environment: "development" | "test" | "production";
  cms: { url: string; graphqlUrl: string; token: string; timeoutMs: number };
  cache: { freshMs: number; staleWhileRevalidateMs: number; staleIfErrorMs: number };
  cachePurgeSecret: string;
  site: { name: string; url: string };
  bindings: { contentCache: KVNamespace; db: D1Database };
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
  if (e.ENVIRONMENT === "production" && !e.SITE_URL.startsWith("https://")) {
    throw new ConfigError(["SITE_URL must use https in production"]);
  }
  return {
    environment: e.ENVIRONMENT,
    cms: { url: e.CMS_URL, graphqlUrl: `${e.CMS_URL}/graphql`, token: e.CMS_TOKEN, timeoutMs: e.CMS_TIMEOUT_MS },
    cache: {
      freshMs: e.CACHE_FRESH_SECONDS * 1000,
      staleWhileRevalidateMs: e.CACHE_STALE_WHILE_REVALIDATE_SECONDS * 1000,
      staleIfErrorMs: e.CACHE_STALE_IF_ERROR_SECONDS * 1000,
    },
    cachePurgeSecret: e.CACHE_PURGE_SECRET,
    site: { name: e.SITE_NAME, url: e.SITE_URL },
    bindings: { contentCache: e.CONTENT_CACHE, db: e.DB },
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
