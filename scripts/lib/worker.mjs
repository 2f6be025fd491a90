// Starts the Worker with `wrangler dev` (local KV and D1 through miniflare) after applying
// the D1 migrations. Used by `npm run dev` and the end-to-end tests.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { gazetteerPlaces, gazetteerSql } from "./gazetteer.mjs";
import { assertPortFree, startProcess, waitForHttp } from "./processes.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

// wrangler and miniflare must not reach the network (telemetry, cf.json).
// (Printing its banner makes wrangler ask the npm registry for a newer version.)
const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  CI: process.env.CI ?? "",
};

/** Applies migrations/ to the local D1 database kept in `persistTo` (wrangler's default when unset). */
export function applyMigrations({ persistTo } = {}) {
  const args = [WRANGLER, "d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV, CI: "1" },
    encoding: "utf8",
    // wrangler prints a table per migration: past about 60 migrations its output outgrew spawnSync's
    // 1 MB default, and the process was stopped midway (ENOBUFS).
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`Applying D1 migrations failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Runs SQL against the local D1 database kept in `persistTo` (wrangler's default when unset). */
export function executeLocalSql(sql, { persistTo } = {}) {
  const args = [WRANGLER, "d1", "execute", "DB", "--local", "--command", sql, ...(persistTo ? ["--persist-to", persistTo] : [])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV, CI: "1" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`Running SQL on the local D1 database failed:\n${result.stdout}\n${result.stderr}`);
}

/** Runs a file of SQL against the local D1 database kept in `persistTo` (for SQL too long for a command line). */
export function executeLocalSqlFile(path, { persistTo } = {}) {
  const args = [WRANGLER, "d1", "execute", "DB", "--local", "--file", path, ...(persistTo ? ["--persist-to", persistTo] : [])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV, CI: "1" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`Running ${path} on the local D1 database failed:\n${result.stdout.slice(-2_000)}\n${result.stderr.slice(-2_000)}`);
}

/** Loads the gazetteer of places (gazetteer.mjs) into the local database unless it holds it already. */
function loadGazetteerOnce({ persistTo } = {}) {
  const found = queryLocalSql("SELECT COUNT(*) AS n FROM places", { persistTo });
  if (found?.[0]?.n === gazetteerPlaces().length) return;
  const dir = join(ROOT, ".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "gazetteer.sql");
  writeFileSync(file, gazetteerSql());
  try {
    executeLocalSqlFile(file, { persistTo });
  } finally {
    rmSync(file, { force: true });
  }
}

/** The rows of one query on the local D1 database, or null when it fails (no such table yet, say). */
export function queryLocalSql(sql, { persistTo } = {}) {
  const args = [WRANGLER, "d1", "execute", "DB", "--local", "--json", "--command", sql, ...(persistTo ? ["--persist-to", persistTo] : [])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...OFFLINE_ENV, CI: "1" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) return null;
  try {
    return JSON.parse(result.stdout)[0]?.results ?? null;
  } catch {
    return null;
  }
}

/**
 * Starts `wrangler dev` on `port`. `vars` override wrangler.toml's [vars] and .dev.vars (so
 * tests can point the Worker at their own CMS); `seedSql` runs on the local D1 database after
 * the migrations, then `seed()` (for seeding that must see the migrated database). Resolves once
 * the Worker answers.
 */
/**
 * @param {{ port: number, host?: string, persistTo?: string, vars?: Record<string, string>,
 *   seedSql?: string, seed?: () => void, log?: (line: string) => void }} options
 */
export async function startWorker({ port, host = "localhost", persistTo, vars = {}, seedSql, seed, log }) {
  await assertPortFree(port, host, "the Worker");
  applyMigrations({ persistTo });
  loadGazetteerOnce({ persistTo });
  if (seedSql) executeLocalSql(seedSql, { persistTo });
  seed?.();
  const args = [
    WRANGLER,
    "dev",
    "--port",
    String(port),
    "--ip",
    host,
    "--show-interactive-dev-session=false",
    // Lets a developer run the daily job by hand: GET /__scheduled?cron=… (local only).
    "--test-scheduled",
    ...(persistTo ? ["--persist-to", persistTo] : []),
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  // React's development build, as wrangler's own bundling chose for `wrangler dev` (scripts/build-worker.mjs reads it).
  const env = { ...OFFLINE_ENV, NODE_ENV: process.env.NODE_ENV || "development" };
  const proc = startProcess("worker", process.execPath, args, { cwd: ROOT, env, log });
  const url = `http://${host === "localhost" ? "localhost" : host}:${port}`;
  await waitForHttp(`${url}/robots.txt`, { proc, timeoutMs: 60_000, accept: () => true });
  return { url, stop: () => proc.stop(), proc };
}
