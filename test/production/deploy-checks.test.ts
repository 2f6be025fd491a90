/**
 * `npm run deploy` refuses to deploy, changing nothing, while the production configuration still
 * has placeholders or the Worker lacks a secret, and names every problem. The checks are run on
 * configurations and lists of secret names, and the script itself on this checkout (whose
 * [env.production] is still the template): without credentials, and against a fake of
 * Cloudflare's API that records every call (Cloudflare itself cannot be reached here).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configurationProblems, missingBindings, REQUIRED_SECRETS, secretProblems } from "../../scripts/lib/deploy-checks.mjs";
import { ROOT } from "../../scripts/lib/worker.mjs";

const ready = {
  vars: {
    ENVIRONMENT: "production",
    SITE_URL: "https://www.guild-physio.org.uk",
    CMS_URL: "https://cms.guild-physio.org.uk",
    CMS_MEDIA_URL: "https://media.guild-physio.org.uk",
    FIREBASE_PROJECT_ID: "guild-physio-prod",
    FIREBASE_API_KEY: "AIzaSyA-real-looking-web-key",
    STAFF_EMAILS: "office@guild-physio.org.uk",
    EMAIL_FROM: "The Guild <no-reply@guild-physio.org.uk>",
    EMAIL_REPLY_TO: "office@guild-physio.org.uk",
    TURNSTILE_SITE_KEY: "0x4AAAAAAAGuildPhysioSiteKey",
  },
  kv_namespaces: [{ binding: "CONTENT_CACHE", id: "0f2ac74d3b9e4c5a8d1e6f7a8b9c0d1e" }],
  d1_databases: [{ binding: "DB", database_id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" }],
  routes: [{ pattern: "www.guild-physio.org.uk", custom_domain: true }],
};

describe("the production configuration checks", () => {
  it("pass a configuration with the account's own ids, domain and Firebase project", () => {
    expect(configurationProblems(ready)).toEqual([]);
  });

  it("name every placeholder id, URL, project and route", () => {
    const problems = configurationProblems({
      vars: { ...ready.vars, SITE_URL: "https://www.example.org", CMS_URL: "http://cms.guild-physio.org.uk", FIREBASE_PROJECT_ID: "demo-guildhall" },
      kv_namespaces: [{ binding: "CONTENT_CACHE", id: "guildhall-content-cache-local" }],
      d1_databases: [{ binding: "DB", database_id: "guildhall-local" }],
      routes: [],
    });
    expect(problems).toEqual([
      "vars.SITE_URL is a placeholder (www.example.org): set this deployment's own",
      "vars.CMS_URL must use https",
      "vars.FIREBASE_PROJECT_ID must be the production Firebase project (demo- projects only exist in the emulator)",
      'KV namespace CONTENT_CACHE: id is not set (found "guildhall-content-cache-local", expected the 32-character id Cloudflare gave it)',
      'D1 database DB: database_id is not set (found "guildhall-local", expected the UUID Cloudflare gave it)',
      "no route or custom domain: the site would only be on workers.dev",
    ]);
  });

  it("refuse local-only settings in production", () => {
    const problems = configurationProblems({ ...ready, vars: { ...ready.vars, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", STRIPE_API_URL: "http://127.0.0.1:1" } });
    expect(problems).toEqual(["vars.FIREBASE_AUTH_EMULATOR_HOST must not be set in production", "vars.STRIPE_API_URL must not be set in production"]);
  });
});

describe("the bindings check", () => {
  it("names each binding the top of wrangler.toml declares and [env.production] does not repeat", () => {
    const development = {
      ...ready,
      ratelimits: [{ name: "AUTH_IP_LIMITER" }],
      queues: { producers: [{ binding: "EMAIL_QUEUE", queue: "guildhall-email" }], consumers: [{ queue: "guildhall-email" }] },
      send_email: [{ name: "EMAIL" }],
      version_metadata: { binding: "CF_VERSION_METADATA" },
    };
    expect(missingBindings(development, { ...ready, ratelimits: [{ name: "AUTH_IP_LIMITER" }], version_metadata: { binding: "CF_VERSION_METADATA" } })).toEqual([
      "binding EMAIL_QUEUE is declared at the top of wrangler.toml but not in [env.production] (environments do not inherit bindings)",
      "the consumer of queue guildhall-email is declared at the top of wrangler.toml but not in [env.production] (environments do not inherit bindings)",
      "binding EMAIL is declared at the top of wrangler.toml but not in [env.production] (environments do not inherit bindings)",
    ]);
    expect(missingBindings(development, development)).toEqual([]);
  });

  it("finds every binding of this checkout's wrangler.toml repeated in [env.production]", async () => {
    const { unstable_readConfig } = await import("wrangler");
    const read = (env?: string) => unstable_readConfig({ config: join(ROOT, "wrangler.toml"), ...(env ? { env } : {}) }, { hideWarnings: true });
    expect(missingBindings(read(), read("production"))).toEqual([]);
  });
});

describe("the secrets checks", () => {
  it("pass with every required secret, with or without both Stripe secrets", () => {
    expect(secretProblems(REQUIRED_SECRETS)).toEqual([]);
    expect(secretProblems([...REQUIRED_SECRETS, "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"])).toEqual([]);
  });

  it("name each missing secret with the command that sets it", () => {
    expect(secretProblems(["CMS_TOKEN", "STRIPE_SECRET_KEY"])).toEqual([
      "secret CACHE_PURGE_SECRET is not set: wrangler secret put CACHE_PURGE_SECRET --env production",
      "secret SESSION_SECRET is not set: wrangler secret put SESSION_SECRET --env production",
      "secret FIREBASE_SERVICE_ACCOUNT is not set: wrangler secret put FIREBASE_SERVICE_ACCOUNT --env production",
      "secret STAFF_TOTP_KEY is not set: wrangler secret put STAFF_TOTP_KEY --env production",
      "secret TURNSTILE_SECRET_KEY is not set: wrangler secret put TURNSTILE_SECRET_KEY --env production",
      "secret STRIPE_WEBHOOK_SECRET is not set: card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or neither, for offline payment only)",
    ]);
  });

  it("refuse a secret kept as a plain var, and a test-only setting kept as a secret", () => {
    expect(secretProblems([...REQUIRED_SECRETS, "STRIPE_API_URL"], { SESSION_SECRET: "x".repeat(40) })).toEqual([
      "SESSION_SECRET is in vars, where anyone with the repository can read it: make it a secret only",
      "secret STRIPE_API_URL must not be set in production: wrangler secret delete STRIPE_API_URL --env production",
    ]);
  });

  it("require exactly the secrets the README's configuration table says production needs", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const required = [...readme.matchAll(/^\| `([A-Z0-9_]+)` \| secret(, required in production)? \|/gm)].map((match) => match[1]);
    expect([...REQUIRED_SECRETS].sort()).toEqual(required.sort());
  });
});

describe("npm run deploy on this checkout", () => {
  let home: string;
  let fakeApi: Server;
  let apiUrl: string;
  const apiCalls: string[] = [];

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "guildhall-deploy-home-"));
    // A fake of Cloudflare's API: the production Worker has only CMS_TOKEN and STRIPE_SECRET_KEY.
    fakeApi = createServer((req, res) => {
      apiCalls.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "Content-Type": "application/json" });
      const result = req.url?.endsWith("/secrets") ? [{ name: "CMS_TOKEN", type: "secret_text" }, { name: "STRIPE_SECRET_KEY", type: "secret_text" }] : null;
      res.end(JSON.stringify({ success: true, errors: [], messages: [], result }));
    });
    await new Promise<void>((resolve) => fakeApi.listen(0, "127.0.0.1", resolve));
    const address = fakeApi.address();
    apiUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/client/v4`;
  });

  afterAll(async () => {
    await new Promise((resolve) => fakeApi.close(resolve));
    rmSync(home, { recursive: true, force: true });
  });

  /** Runs `node scripts/deploy.mjs` (what `npm run deploy` runs) with no Cloudflare settings but `env`. */
  function deploy(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CLOUDFLARE_") && name !== "XDG_CONFIG_HOME"));
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, "scripts", "deploy.mjs")], {
        cwd: ROOT,
        env: { ...clean, HOME: home, WRANGLER_SEND_METRICS: "false", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("exit", (code) => resolve({ code, output }));
    });
  }

  const placeholders = [
    "vars.SITE_URL is a placeholder",
    "vars.CMS_URL is a placeholder",
    "vars.CMS_MEDIA_URL is a placeholder",
    "vars.FIREBASE_PROJECT_ID must be the production Firebase project",
    "vars.FIREBASE_API_KEY must be the production Firebase project's web API key",
    "KV namespace CONTENT_CACHE: id is not set",
    "D1 database DB: database_id is not set",
    "route www.example.org is a placeholder",
    "vars.EMAIL_FROM must be the society's own address",
    "vars.EMAIL_REPLY_TO must be the society's own address",
  ];

  it("without credentials: lists every placeholder and the secrets to set, exits non-zero, calls nothing remote", async () => {
    const { code, output } = await deploy({});
    expect(code).toBe(1);
    for (const problem of placeholders) expect(output).toContain(problem);
    expect(output).toContain("wrangler has no Cloudflare credentials");
    for (const name of REQUIRED_SECRETS) expect(output).toContain(name);
    expect(output).toContain("Nothing was deployed and nothing was changed.");
    expect(output).not.toMatch(/Applying pending D1 migrations|Deploying the Worker|Building the browser assets/);
  });

  it("with credentials: also names each missing secret, after only reading the secrets' names", async () => {
    const { code, output } = await deploy({
      CLOUDFLARE_API_TOKEN: "fake-api-token-for-the-fake-api",
      CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
      CLOUDFLARE_API_BASE_URL: apiUrl,
    });
    expect(code).toBe(1);
    for (const problem of placeholders) expect(output).toContain(problem);
    for (const name of ["CACHE_PURGE_SECRET", "SESSION_SECRET", "FIREBASE_SERVICE_ACCOUNT"]) expect(output).toContain(`secret ${name} is not set`);
    expect(output).toContain("secret STRIPE_WEBHOOK_SECRET is not set");
    expect(output).not.toContain("secret CMS_TOKEN is not set");
    expect(output).toContain("Nothing was deployed and nothing was changed.");
    expect(apiCalls).toEqual(["GET /client/v4/accounts/0123456789abcdef0123456789abcdef/workers/scripts/guildhall/secrets"]);
  });
});
