// What must be true before the Worker is deployed to production, checked without changing
// anything: the account's own resource ids and URLs in wrangler.toml's [env.production], and
// the secrets set on the Worker (`wrangler secret list`, which gives names, never values).
// The rules about values (https, no emulator, live Stripe keys) are the Worker's own
// (src/env.ts); these checks catch what only a deployment can get wrong.

/** Secrets the Worker cannot run without in production (README, "Configuration"). */
export const REQUIRED_SECRETS = ["CMS_TOKEN", "CACHE_PURGE_SECRET", "SESSION_SECRET", "FIREBASE_SERVICE_ACCOUNT", "STAFF_TOTP_KEY", "TURNSTILE_SECRET_KEY"];
/** Card payments: both or neither. */
export const STRIPE_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"];
/** Local and test settings that must never reach production, as a var or a secret. */
export const FORBIDDEN_IN_PRODUCTION = ["FIREBASE_AUTH_EMULATOR_HOST", "STRIPE_API_URL"];
/** Vars that must name this deployment's own services (not a placeholder). */
const URL_VARS = ["SITE_URL", "CMS_URL", "CMS_MEDIA_URL"];

const KV_ID = /^[0-9a-f]{32}$/;
const D1_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Reserved for documentation (RFC 2606) or local: never a production host.
const PLACEHOLDER_HOST = /(^|\.)(example\.(org|com|net)|example|invalid|test|localhost)$|^127\.|^\[?::1\]?$|^0\.0\.0\.0$/;

const isPlaceholderHost = (host) => PLACEHOLDER_HOST.test(host.toLowerCase());

/**
 * Everything in the production configuration that stops a deploy, one line each.
 *
 * @param {object} config wrangler's resolved configuration for the production environment
 *   (`unstable_readConfig({ env: "production" })`): vars, kv_namespaces, d1_databases, routes
 * @returns {string[]}
 */
export function configurationProblems(config) {
  const problems = [];
  const vars = config.vars ?? {};

  if (vars.ENVIRONMENT !== "production") problems.push('vars.ENVIRONMENT must be "production"');
  for (const name of URL_VARS) {
    const value = vars[name];
    if (!value) {
      problems.push(`vars.${name} is not set`);
      continue;
    }
    let url;
    try {
      url = new URL(value);
    } catch {
      problems.push(`vars.${name} is not a URL`);
      continue;
    }
    if (url.protocol !== "https:") problems.push(`vars.${name} must use https`);
    if (isPlaceholderHost(url.hostname)) problems.push(`vars.${name} is a placeholder (${url.hostname}): set this deployment's own`);
  }
  if (!vars.FIREBASE_PROJECT_ID || vars.FIREBASE_PROJECT_ID.startsWith("demo-")) {
    problems.push("vars.FIREBASE_PROJECT_ID must be the production Firebase project (demo- projects only exist in the emulator)");
  }
  if (!vars.FIREBASE_API_KEY || vars.FIREBASE_API_KEY === "local-emulator-web-api-key") {
    problems.push("vars.FIREBASE_API_KEY must be the production Firebase project's web API key");
  }
  // Cloudflare's documented Turnstile test keys start 1x, 2x or 3x: they let every bot through.
  if (!vars.TURNSTILE_SITE_KEY || /^[123]x0000/.test(vars.TURNSTILE_SITE_KEY)) {
    problems.push("vars.TURNSTILE_SITE_KEY must be this site's own Turnstile site key (the practitioner contact form's bot check)");
  }
  for (const name of ["EMAIL_FROM", "EMAIL_REPLY_TO"]) {
    const domain = /@([^@\s>]+)>?\s*$/.exec(String(vars[name] ?? ""))?.[1];
    if (vars[name] !== undefined && (!domain || isPlaceholderHost(domain))) problems.push(`vars.${name} must be the society's own address (no placeholder domain)`);
  }
  const staff = String(vars.STAFF_EMAILS ?? "").split(",").map((email) => email.trim()).filter(Boolean);
  if (staff.length === 0 || staff.some((email) => isPlaceholderHost(email.split("@").pop() ?? ""))) {
    problems.push("vars.STAFF_EMAILS must list the society's staff (no placeholder addresses)");
  }
  for (const name of FORBIDDEN_IN_PRODUCTION) {
    if (vars[name] !== undefined) problems.push(`vars.${name} must not be set in production`);
  }

  const kvs = config.kv_namespaces ?? [];
  if (kvs.length === 0) problems.push("no KV namespace is bound");
  for (const kv of kvs) {
    if (!KV_ID.test(kv.id ?? "")) problems.push(`KV namespace ${kv.binding}: id is not set (found "${kv.id ?? ""}", expected the 32-character id Cloudflare gave it)`);
  }
  const d1s = config.d1_databases ?? [];
  if (d1s.length === 0) problems.push("no D1 database is bound");
  for (const d1 of d1s) {
    if (!D1_ID.test(d1.database_id ?? "")) {
      problems.push(`D1 database ${d1.binding}: database_id is not set (found "${d1.database_id ?? ""}", expected the UUID Cloudflare gave it)`);
    }
  }

  const routes = config.routes ?? (config.route ? [config.route] : []);
  if (routes.length === 0) problems.push("no route or custom domain: the site would only be on workers.dev");
  for (const route of routes) {
    const pattern = typeof route === "string" ? route : route.pattern;
    const host = String(pattern).replace(/^https?:\/\//, "").split(/[/:]/)[0] ?? "";
    if (isPlaceholderHost(host)) problems.push(`route ${pattern} is a placeholder: set this deployment's own domain`);
  }
  return problems;
}

/** Every binding a wrangler configuration declares (KV, D1, R2, queues, e-mail, rate limits…), and its queue consumers. */
function bindingNames(config) {
  return new Set([
    ...(config.kv_namespaces ?? []).map((b) => `binding ${b.binding}`),
    ...(config.d1_databases ?? []).map((b) => `binding ${b.binding}`),
    ...(config.r2_buckets ?? []).map((b) => `binding ${b.binding}`),
    ...(config.queues?.producers ?? []).map((b) => `binding ${b.binding}`),
    ...(config.queues?.consumers ?? []).map((b) => `the consumer of queue ${b.queue}`),
    ...(config.send_email ?? []).map((b) => `binding ${b.name}`),
    ...(config.ratelimits ?? []).map((b) => `binding ${b.name}`),
    ...(config.services ?? []).map((b) => `binding ${b.binding}`),
    ...(config.durable_objects?.bindings ?? []).map((b) => `binding ${b.name}`),
    ...(config.version_metadata ? [`binding ${config.version_metadata.binding}`] : []),
  ]);
}

/**
 * Bindings the top of wrangler.toml declares (development and tests) that [env.production] does
 * not repeat: wrangler does not inherit them, so production would run without them.
 *
 * @param {object} development wrangler's resolved configuration with no environment
 * @param {object} production the same for the production environment
 * @returns {string[]}
 */
export function missingBindings(development, production) {
  const inProduction = bindingNames(production);
  return [...bindingNames(development)]
    .filter((name) => !inProduction.has(name))
    .map((name) => `${name} is declared at the top of wrangler.toml but not in [env.production] (environments do not inherit bindings)`);
}

/**
 * The secrets missing or misplaced, from the names `wrangler secret list` reports.
 *
 * @param {string[]} secretNames
 * @param {Record<string, string>} [vars] production vars (a secret must not also be a plain var)
 * @returns {string[]}
 */
export function secretProblems(secretNames, vars = {}) {
  const problems = [];
  const have = new Set(secretNames);
  for (const name of REQUIRED_SECRETS) {
    if (!have.has(name)) problems.push(`secret ${name} is not set: wrangler secret put ${name} --env production`);
    if (vars[name] !== undefined) problems.push(`${name} is in vars, where anyone with the repository can read it: make it a secret only`);
  }
  const stripe = STRIPE_SECRETS.filter((name) => have.has(name));
  if (stripe.length === 1) {
    const missing = STRIPE_SECRETS.find((name) => !have.has(name));
    problems.push(`secret ${missing} is not set: card payments need both ${STRIPE_SECRETS.join(" and ")} (or neither, for offline payment only)`);
  }
  for (const name of FORBIDDEN_IN_PRODUCTION) {
    if (have.has(name)) problems.push(`secret ${name} must not be set in production: wrangler secret delete ${name} --env production`);
  }
  return problems;
}
