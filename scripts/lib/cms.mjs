// Starts the Strapi CMS in cms/ as a child process. Used by `npm run dev`, `npm run cms:admin`
// and the tests. The caller must run on Node 22 (npm scripts do): better-sqlite3 in cms/ is
// compiled for it, and Strapi is started with this very Node (process.execPath).
import { mkdirSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { assertPortFree, startProcess, waitForHttp } from "./processes.mjs";

export const CMS_DIR = fileURLToPath(new URL("../../cms/", import.meta.url));
const STRAPI_BIN = join(CMS_DIR, "node_modules", "@strapi", "strapi", "bin", "strapi.js");

export const DEV_CMS_PORT = 1337;
export const DEV_CMS_HOST = "127.0.0.1";
/** The CMS's local SQLite database (what `npm run dev` and `npm run cms:admin` use). */
export const DEV_CMS_DB_FILE = join(CMS_DIR, ".tmp", "data.db");
const DEV_PUBLIC_DIR = join(CMS_DIR, "public");
/** Public, local-only API token; cms/config/guildhall.js has the same default. */
export const DEV_CMS_TOKEN = "guildhall-local-dev-cms-token-not-a-secret-0000000000000000";
export const DEV_CMS_ADMIN_EMAIL = "admin@guildhall.local";
export const DEV_CMS_ADMIN_PASSWORD = "Guildhall-local-admin-1";

/** Environment every Strapi command gets (the update check is off in cms/config/server.js). */
export const CMS_BASE_ENV = { STRAPI_TELEMETRY_DISABLED: "true" };

/**
 * Starts `strapi start` (no admin build needed unless `serveAdmin`) and resolves once
 * GET /_health answers 204. The database is created and the demo content seeded on first use.
 *
 * @param {object} options
 * @param {number} [options.port] defaults to DEV_CMS_PORT
 * @param {string} [options.dbFile] SQLite file; relative paths are taken from cms/
 * @param {string} [options.postgresUrl] a PostgreSQL connection URL, used instead of SQLite
 *   (then publicDir is required)
 * @param {string} [options.publicDir] where uploads go (`<publicDir>/uploads`): cms/public for the
 *   dev database, otherwise `<dbFile>-public` beside the database, so a test's media leave with it
 * @param {string} [options.purgeUrl] the Worker's cache purge endpoint; no webhook when unset
 * @param {string} [options.purgeSecret] sent as `Authorization: Bearer …` to purgeUrl
 * @param {string} [options.apiToken] plaintext of the Worker's read-only API token
 * @param {string} [options.editorApiToken] plaintext of a full-access "editor" API token for
 *   callers that write content (the tests); without it the CMS has no token that can write
 * @param {boolean} [options.serveAdmin] serve the admin panel (needs `strapi build` first)
 * @param {(line: string) => void} [options.log] receives each output line, prefixed `[cms]`
 * @returns {Promise<{ url: string, stop: () => Promise<void>, proc: object }>}
 */
export async function startCms({
  port = DEV_CMS_PORT,
  dbFile = DEV_CMS_DB_FILE,
  postgresUrl,
  purgeUrl,
  purgeSecret,
  apiToken = DEV_CMS_TOKEN,
  editorApiToken,
  publicDir,
  serveAdmin = false,
  preview,
  log,
  // Generous: on a busy two-core machine Strapi's start can take minutes.
  timeoutMs = 240_000,
} = {}) {
  if (purgeUrl && !purgeSecret) {
    throw new Error("startCms: purgeUrl is set but purgeSecret is empty.");
  }
  if (postgresUrl && !publicDir) {
    throw new Error("startCms: with postgresUrl, pass publicDir too (there is no database file to put uploads beside).");
  }
  await assertPortFree(port, DEV_CMS_HOST, "the CMS");
  const env = cmsEnvironment({ port, dbFile, postgresUrl, purgeUrl, purgeSecret, apiToken, editorApiToken, publicDir, serveAdmin, preview });
  const proc = startProcess("cms", process.execPath, [STRAPI_BIN, "start"], { cwd: CMS_DIR, env, log });
  const url = `http://${DEV_CMS_HOST}:${port}`;
  try {
    await waitForHttp(`${url}/_health`, { proc, timeoutMs, accept: (response) => response.status === 204 });
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { url, stop: () => proc.stop(), proc };
}

/** The environment a Strapi command runs with for these options (see startCms). */
function cmsEnvironment({ port = DEV_CMS_PORT, dbFile = DEV_CMS_DB_FILE, postgresUrl, purgeUrl, purgeSecret, apiToken = DEV_CMS_TOKEN, editorApiToken, publicDir, serveAdmin = false, preview } = {}) {
  const database = isAbsolute(dbFile) ? dbFile : resolve(CMS_DIR, dbFile);
  const uploadsRoot = publicDir ?? (database === DEV_CMS_DB_FILE ? DEV_PUBLIC_DIR : `${database}-public`);
  // Strapi's local upload provider refuses to start unless the uploads folder exists.
  mkdirSync(join(uploadsRoot, "uploads"), { recursive: true });
  return {
    ...CMS_BASE_ENV,
    // Local runs use the committed development secrets, which the CMS refuses under production.
    NODE_ENV: "development",
    HOST: DEV_CMS_HOST,
    PORT: String(port),
    ...(postgresUrl ? { DATABASE_CLIENT: "postgres", DATABASE_URL: postgresUrl } : { DATABASE_CLIENT: "sqlite", DATABASE_FILENAME: database }),
    UPLOAD_PROVIDER: "local",
    PUBLIC_DIR: uploadsRoot,
    CMS_API_TOKEN: apiToken,
    // Always set, so a value in the caller's environment cannot leak into the CMS.
    CMS_EDITOR_API_TOKEN: editorApiToken ?? "",
    WORKER_PURGE_URL: purgeUrl ?? "",
    CACHE_PURGE_SECRET: purgeSecret ?? "",
    SERVE_ADMIN: serveAdmin ? "true" : "false",
    // The admin panel's "Open preview" button (cms/src/preview/preview-url.js): off unless given.
    PREVIEW_SITE_URL: preview?.siteUrl ?? "",
    PREVIEW_SECRET: preview?.secret ?? "",
  };
}

/**
 * Adds `articles` published articles and `pages` published general pages (and as many webinars,
 * bundles and memberships as asked) to the SQLite database `dbFile` (cms/scripts/seed-volume.js
 * says what they are), seeding the demo content first if the database is new. Run it before
 * startCms on the same file, with the same tokens.
 *
 * @param {{ dbFile: string, articles: number, pages: number, webinars?: number, bundles?: number, memberships?: number, apiToken?: string, editorApiToken?: string, log?: (line: string) => void, timeoutMs?: number }} options
 */
export async function seedCmsVolume({ dbFile, articles, pages, webinars = 0, bundles = 0, memberships = 0, apiToken, editorApiToken, log, timeoutMs = 240_000 }) {
  const env = cmsEnvironment({ dbFile, apiToken, editorApiToken });
  const counts = Object.entries({ articles, pages, webinars, bundles, memberships }).flatMap(([name, count]) => [`--${name}`, String(count)]);
  const proc = startProcess("cms-seed", process.execPath, [join(CMS_DIR, "scripts", "seed-volume.js"), ...counts], { cwd: CMS_DIR, env, log });
  const timer = setTimeout(() => proc.stop(), timeoutMs);
  const { code, signal } = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`Seeding the CMS with ${articles} articles and ${pages} pages failed (${signal ?? `exit ${code}`}):\n${proc.tail()}`);
}
