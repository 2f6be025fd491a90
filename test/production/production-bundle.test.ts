/**
 * The bundle a production deploy uploads (`wrangler deploy --dry-run --env production`, with the
 * lazily loaded modules beside it) starts in workerd (Miniflare) with production settings: the
 * configuration schema (src/env.ts) accepts them and the Worker answers as production. Each
 * unsafe setting stops it at startup with a message naming the variable. The bindings are local
 * (Miniflare's KV, D1 and rate limiters): Cloudflare's own cannot be reached here.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_MODULE_GZIP_BUDGET_BYTES } from "../../scripts/bench/bundle-budget.mjs";
import { lazyModules, OFFLINE_ENV, readDevVarsExample, startupModules } from "../../scripts/bench/worker.mjs";
import { buildClient } from "../../scripts/build-client.mjs";
import { ROOT } from "../../scripts/lib/worker.mjs";
import { TEST_PORTS } from "../support/test-ports";

const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

/** Secrets shaped as production's (random-looking, live Stripe keys, a service account key). */
const PRODUCTION_SECRETS = {
  CMS_TOKEN: "4f9c2e7a1b8d6053e2c9a7f4b1d8e6c3a5f7b9d2",
  CACHE_PURGE_SECRET: "c7e1a9f3b5d2086e4a1c9f7b3d5e2a8c",
  SESSION_SECRET: "8b3f6d1a9e4c7b2f5a8d3e6c1b9f4a7d2e5c8b1f",
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
    type: "service_account",
    client_email: "guildhall-worker@guild-physio-prod.iam.gserviceaccount.com",
    private_key_id: "0123abcd",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg...\n-----END PRIVATE KEY-----\n",
  }),
  STRIPE_SECRET_KEY: "sk_live_guildhallProduction0000",
  STRIPE_WEBHOOK_SECRET: "whsec_guildhallProduction0000",
  STAFF_TOTP_KEY: "q9X2c0m4V7bT1nR8yK3fW6hJ5sD0aL2pE4gU7iO9zQc=",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAAGuildhallSecretKey000000000",
};

/** The development secrets committed in .dev.vars.example: public, so production refuses them. */
const LOCAL_SECRETS = readDevVarsExample() as Record<string, string>;

/** [env.production]'s vars with this deployment's own values in place of the template's placeholders. */
const OWN_VALUES = {
  SITE_URL: "https://www.guild-physio.org.uk",
  CMS_URL: "https://cms.guild-physio.org.uk",
  CMS_MEDIA_URL: "https://media.guild-physio.org.uk",
  FIREBASE_PROJECT_ID: "guild-physio-prod",
  FIREBASE_API_KEY: "AIzaSyA-production-web-api-key",
  STAFF_EMAILS: "office@guild-physio.org.uk",
  EMAIL_FROM: "The Guild <no-reply@guild-physio.org.uk>",
  EMAIL_REPLY_TO: "The Guild office <office@guild-physio.org.uk>",
  TURNSTILE_SITE_KEY: "0x4AAAAAAAGuildPhysioSiteKey",
};

let outDir: string;
let bundle: string;
let productionVars: Record<string, string>;
let workerOptions: Record<string, unknown>;

beforeAll(async () => {
  await buildClient({ quiet: true });
  outDir = mkdtempSync(join(tmpdir(), "guildhall-production-bundle-"));
  const result = spawnSync(process.execPath, [WRANGLER, "deploy", "--dry-run", "--env", "production", "--outdir", outDir], {
    cwd: ROOT,
    // NODE_ENV as a deploy has it: vitest sets "test", which wrangler would bundle React's development builds with.
    env: { ...process.env, ...OFFLINE_ENV, CI: "1", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(result.status, `wrangler deploy --dry-run failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  bundle = join(outDir, "index.js");
  expect(lazyModules(bundle).map((path) => path.split("/").pop()).filter((name) => name?.endsWith(".js")).sort()).toEqual(["cms-transport.js", "email.js", "rich-text.js", "stripe.js"]);

  process.env.WRANGLER_LOG = "error";
  const { unstable_getMiniflareWorkerOptions, unstable_readConfig } = await import("wrangler");
  productionVars = { ...(unstable_readConfig({ config: join(ROOT, "wrangler.toml"), env: "production" }).vars as Record<string, string>), ...OWN_VALUES };
  // The production bindings (KV, D1, rate limiters, assets, version metadata) as wrangler maps
  // them for Miniflare; text bindings are replaced below (wrangler would add .dev.vars to them).
  const { modulesRules: _rules, rootPath: _root, bindings: _local, ...options } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"), "production").workerOptions;
  workerOptions = options;
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Starts the bundle with production vars and secrets plus `overrides` (undefined removes one). */
async function startProduction(overrides: Record<string, string | undefined> = {}) {
  const bindings = Object.fromEntries(
    Object.entries({ ...productionVars, ...PRODUCTION_SECRETS, ...overrides }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const errors: string[] = [];
  const mf = new Miniflare(
    convertV4MiniflareOptions({
    ...(workerOptions as object),
    name: "guildhall",
    host: "127.0.0.1",
    port: TEST_PORTS.productionWorker,
    modulesRoot: dirname(bundle),
    modules: [{ type: "ESModule", path: bundle }, ...lazyModules(bundle).map((path) => ({ type: "ESModule" as const, path }))],
    bindings,
    cf: false,
    log: new (class extends Log {
      override error(error: Error) {
        errors.push(error.message);
      }
      override logWithLevel(level: LogLevel, message: string) {
        if (level <= LogLevel.ERROR) errors.push(message);
      }
    })(LogLevel.ERROR),
    handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
      if (level === "error") errors.push(message);
    },
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  return { mf, errors };
}

/** What a production Worker with `overrides` does on its first request: its answer, or why it could not start. */
async function firstAnswer(overrides: Record<string, string | undefined>, path = "/robots.txt", headers: Record<string, string> = {}) {
  const { mf, errors } = await startProduction(overrides);
  try {
    await mf.ready;
    const response = await mf.dispatchFetch(`https://www.guild-physio.org.uk${path}`, { headers, redirect: "manual" });
    return { status: response.status, location: response.headers.get("Location"), text: await response.text(), errors };
  } catch (error) {
    return { status: null, location: null, text: "", errors: [...errors, error instanceof Error ? error.message : String(error)] };
  } finally {
    // A runtime that never started rejects its disposal with the same startup error.
    await mf.dispose().catch(() => undefined);
  }
}

describe("the production bundle", () => {
  it("keeps its main module within the size budget, the payment and CMS libraries loaded only when used", () => {
    // A byte count, not a timing: what every isolate parses and evaluates at start-up, the
    // bundle and the chunks it imports statically, each gzipped as it is stored.
    const startup = startupModules(bundle).map((path) => readFileSync(path));
    expect(startup.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0)).toBeLessThanOrEqual(MAIN_MODULE_GZIP_BUDGET_BYTES);
    const text = startup.map((bytes) => bytes.toString("utf8")).join("\n");
    expect(text).not.toContain("X-Stripe-Client-User-Agent");
    expect(text).not.toContain("renderToStaticMarkup");
  });

  it("leaves the staff area's pages to a chunk loaded on the first /staff request", () => {
    const startup = startupModules(bundle);
    const staffArea = lazyModules(bundle).filter((path) => /\/guildhall-staff-area-[^/]+\.mjs$/.test(path));
    expect(staffArea).toHaveLength(1);
    expect(startup).not.toContain(staffArea[0]);
    // The merge page's heading is in the staff chunk and nowhere in what start-up loads.
    expect(startup.map((path) => readFileSync(path, "utf8")).join("\n")).not.toContain("Merge two records");
  });

  it("leaves the member area's pages to a chunk loaded on the first /user request", () => {
    const startup = startupModules(bundle);
    const memberArea = lazyModules(bundle).filter((path) => /\/guildhall-member-area-[^/]+\.mjs$/.test(path));
    expect(memberArea).toHaveLength(1);
    expect(startup).not.toContain(memberArea[0]);
    // The proof of membership's and the CPD log's headings are in the member chunk and nowhere in what start-up loads.
    const text = startup.map((path) => readFileSync(path, "utf8")).join("\n");
    expect(text).not.toContain("Proof of membership");
    expect(text).not.toContain("My CPD log");
  });

  it("leaves the public sections' pages (events, webinars, the cart, joining, Find a practitioner) to a chunk loaded on first use", () => {
    const startup = startupModules(bundle);
    const sections = lazyModules(bundle).filter((path) => /\/guildhall-sections-area-[^/]+\.mjs$/.test(path));
    expect(sections).toHaveLength(1);
    expect(startup).not.toContain(sections[0]);
    // A line of the checkout and a held practitioner message's heading are in the sections' chunk and nowhere in what start-up loads.
    const text = startup.map((path) => readFileSync(path, "utf8")).join("\n");
    expect(text).not.toContain("Your cart is kept while you sign in");
    expect(text).not.toContain("This practitioner is not listed now");
  });

  it("starts with production settings and answers as production", async () => {
    const { status, text, errors } = await firstAnswer({});
    expect(errors).toEqual([]);
    expect(status).toBe(200);
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Sitemap: https://www.guild-physio.org.uk/sitemap.xml");
  });

  it("loads the staff area's chunk on a first /staff request, whose gate turns a stranger away", async () => {
    // Answered by the app the chunk's import built (as JSON: the 404 page's layout would ask a
    // CMS this test has none of).
    const { status, text, errors } = await firstAnswer({}, "/staff/members", { Accept: "application/json" });
    expect(errors).toEqual([]);
    expect(status).toBe(404);
    expect(JSON.parse(text)).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("loads the member area's chunk on a first /user request, whose gate sends a visitor to sign in", async () => {
    const { status, location, errors } = await firstAnswer({}, "/user/cpd");
    expect(errors).toEqual([]);
    expect(status).toBe(303);
    expect(location).toBe("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fuser%2Fcpd");
  });

  it.each([
    ["the Firebase Auth emulator", { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }, "FIREBASE_AUTH_EMULATOR_HOST must not be set in production"],
    ["a Stripe test key", { STRIPE_SECRET_KEY: "sk_test_guildhall0000000000" }, "STRIPE_SECRET_KEY must be a live key in production"],
    ["a Stripe API stand-in", { STRIPE_API_URL: "http://127.0.0.1:12111" }, "STRIPE_API_URL must not be set in production"],
    ["an http site URL", { SITE_URL: "http://www.guild-physio.org.uk" }, "SITE_URL must use https in production"],
    ["a short session secret", { SESSION_SECRET: "too-short-for-a-session-secret" }, "SESSION_SECRET must be at least 32 characters"],
    ["the committed local session secret", { SESSION_SECRET: LOCAL_SECRETS.SESSION_SECRET }, "SESSION_SECRET must be this deployment's own secret in production"],
    ["the committed local purge secret", { CACHE_PURGE_SECRET: LOCAL_SECRETS.CACHE_PURGE_SECRET }, "CACHE_PURGE_SECRET must be this deployment's own secret in production"],
    ["a short purge secret", { CACHE_PURGE_SECRET: "c7e1a9f3b5d2086e4a1c9f" }, "CACHE_PURGE_SECRET must be at least 32 characters in production"],
  ])("refuses to start with %s, naming it", async (_what, overrides, problem) => {
    const { status, errors } = await firstAnswer(overrides);
    expect(status === null || status >= 500, `answered ${status}`).toBe(true);
    expect(errors.join("\n")).toContain(problem);
  });
});
