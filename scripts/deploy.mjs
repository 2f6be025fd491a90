// `npm run deploy`: deploys the Worker to production (wrangler.toml [env.production]).
//   1. checks, changing nothing: the account's ids, URLs and Firebase project in wrangler.toml
//      (scripts/lib/deploy-checks.mjs), that [env.production] repeats every binding declared at
//      the top of the file, that wrangler can reach the account, and the Worker's
//      secrets by name (`wrangler secret list`); any problem stops here, every one named;
//   2. builds the browser assets and the lazily loaded modules, and bundles the Worker
//      (`wrangler deploy --dry-run`), so a broken build stops before anything remote changes;
//   3. applies pending D1 migrations to the production database (`wrangler d1 migrations apply
//      DB --remote`), before the code that needs them;
//   4. `wrangler deploy --env production`.
// `npm run deploy -- --check` runs step 1 only. docs/operators-guide.md, "Going live", is the whole procedure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { configurationProblems, missingBindings, REQUIRED_SECRETS, secretProblems } from "./lib/deploy-checks.mjs";
import { gazetteerSql } from "./lib/gazetteer.mjs";
import { ROOT } from "./lib/worker.mjs";

const ENV = "production";
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const checkOnly = process.argv.includes("--check");
// Reading the configuration in-process is kept quiet; wrangler's own commands log as the caller
// asked, except those whose output is read (below "log", `secret list` prints nothing at all).
const wranglerLogLevel = process.env.WRANGLER_LOG ?? "log";

/** Runs wrangler; `capture` keeps its output (for reading), otherwise it goes to the terminal. */
function wrangler(args, { capture = false } = {}) {
  const result = spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG: capture ? "log" : wranglerLogLevel },
    encoding: "utf8",
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    // Captured output can outgrow spawnSync's 1 MB default (a table per migration), which stops wrangler midway.
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Whether wrangler has credentials: an API token in the environment, or a `wrangler login`. */
function hasCredentials() {
  if (process.env.CLOUDFLARE_API_TOKEN || process.env.CLOUDFLARE_API_KEY) return true;
  const configHome = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config");
  return [join(configHome, ".wrangler", "config", "default.toml"), join(homedir(), ".wrangler", "config", "default.toml")].some(existsSync);
}

/** The names of the production Worker's secrets; a Worker not created yet has none. */
function secretNames() {
  const listed = wrangler(["secret", "list", "--env", ENV, "--format", "json"], { capture: true });
  if (!listed.ok) {
    if (/not found|does not exist|10007/i.test(listed.stdout + listed.stderr)) return { names: [] };
    return { error: (listed.stderr || listed.stdout).trim().split("\n").slice(-3).join(" ") };
  }
  try {
    const json = listed.stdout.slice(listed.stdout.indexOf("["));
    return { names: JSON.parse(json).map((secret) => secret.name) };
  } catch {
    return { error: "could not read the output of `wrangler secret list`" };
  }
}

function refuse(problems, notes = []) {
  console.error(`\nNot deploying: ${problems.length} thing(s) to fix first.\n`);
  for (const problem of problems) console.error(`  - ${problem}`);
  for (const note of notes) console.error(`\n${note}`);
  console.error("\nNothing was deployed and nothing was changed. See docs/operators-guide.md.");
  process.exit(1);
}

function step(title) {
  console.log(`\n== ${title}`);
}

// 1. Checks.
step("Checking the production configuration (wrangler.toml [env.production])");
process.env.WRANGLER_LOG = "error";
const { unstable_readConfig } = await import("wrangler");
const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml"), env: ENV }, { hideWarnings: true });
const development = unstable_readConfig({ config: join(ROOT, "wrangler.toml") }, { hideWarnings: true });
const problems = [...configurationProblems(config), ...missingBindings(development, config)];
const notes = [];
if (!hasCredentials()) {
  problems.push("wrangler has no Cloudflare credentials: set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID), or run `npx wrangler login`");
  notes.push(`Secrets could not be checked without credentials. Each of these must be set (wrangler secret put NAME --env ${ENV}): ${REQUIRED_SECRETS.join(", ")}; and STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET for card payments.`);
} else {
  step("Checking the Worker's secrets (names only)");
  const secrets = secretNames();
  if (secrets.error) problems.push(`could not list the Worker's secrets: ${secrets.error}`);
  else problems.push(...secretProblems(secrets.names, config.vars));
}
if (problems.length > 0) refuse(problems, notes);
console.log("All checks passed.");
if (checkOnly) process.exit(0);

// 2. Build.
step("Building the browser assets, the lazily loaded modules and the Worker bundle");
await buildClient();
await buildWorkerModules();
if (!wrangler(["deploy", "--dry-run", "--env", ENV, "--outdir", join(ROOT, ".tmp", "deploy-bundle")]).ok) {
  refuse(["the Worker did not bundle (wrangler deploy --dry-run failed, output above)"]);
}

// 3. Migrations, before the code that needs them (a migration must also suit the running version).
step("Applying pending D1 migrations to the production database");
if (!wrangler(["d1", "migrations", "apply", "DB", "--remote", "--env", ENV]).ok) {
  console.error("\nThe D1 migrations failed; the Worker was not deployed. The running version is unchanged.");
  process.exit(1);
}

// The practitioner search's gazetteer (scripts/lib/gazetteer.mjs): reloaded whole, in one run.
step("Loading the gazetteer of places into the production database");
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const gazetteerFile = join(ROOT, ".tmp", "gazetteer.sql");
writeFileSync(gazetteerFile, gazetteerSql());
if (!wrangler(["d1", "execute", "DB", "--remote", "--env", ENV, "--file", gazetteerFile]).ok) {
  console.error("\nThe gazetteer could not be loaded; the Worker was not deployed. The running version is unchanged.");
  process.exit(1);
}

// 4. Deploy.
step("Deploying the Worker");
if (!wrangler(["deploy", "--env", ENV]).ok) {
  console.error("\nwrangler deploy failed; the migrations above are applied, the running version is unchanged.");
  process.exit(1);
}
console.log("\nDeployed. Follow the logs with: npx wrangler tail --env production");
