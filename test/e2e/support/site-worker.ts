/**
 * One Worker per test file: the bundle a deploy uploads (built once by the global setup with
 * `wrangler deploy --dry-run`, lazily loaded modules beside it), run by Miniflare in this test
 * process with wrangler.toml's bindings (fresh KV, D1 with the migrations applied,
 * queues, rate limiters, the static assets), pointed at the real Strapi and Firebase Auth
 * emulator the global setup started. `wrangler dev` took ten seconds or more: it bundled the
 * Worker and spawned wrangler twice more for the migrations and the seed. publish-purge.test.ts
 * still starts the real `wrangler dev` (the `npm run dev` path, and the port the CMS webhook calls).
 *
 * The database is migrated once per run, not once per file: the global setup applies every
 * migration and the gazetteer to a Worker of its own (`prepareSiteWorkerState`), and each file's
 * Worker starts from a copy of that state directory, so what a file adds stays its own. Applying
 * 60-odd migrations took 8 to 10 seconds of every file on a busy two-core machine; the copy takes
 * milliseconds.
 *
 * Each file takes its own port, `TEST_PORTS.worker + slot`, so files can run in parallel with
 * each other and with publish-purge.test.ts (which uses `TEST_PORTS.worker` itself). TEST_PORT_OFFSET
 * shifts these ports like the others: keep two runs' offsets at least 30 apart.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { inject } from "vitest";
import { readDevVarsExample, startBenchWorker, wranglerWorkerOptions } from "../../../scripts/bench/worker.mjs";
import { gazetteerStatements } from "../../../scripts/lib/gazetteer.mjs";
import { ROOT } from "../../../scripts/lib/worker.mjs";
import { TEST_PORTS } from "../../support/test-ports";
import { TEST_SECRETS } from "../../support/test-secrets";

/** Port slots above TEST_PORTS.worker, one per browser test file. */
export const WORKER_SLOTS = { accessibility: 1, navigation: 2, streaming: 3, signIn: 4, join: 5, cardJoin: 6, webinars: 7, cart: 8, hostileContent: 9, emails: 10, nextAuth: 11, renew: 12, directory: 13, staff: 20, cpd: 21, profile: 24, privacy: 25, finance: 26, moneyDocuments: 28, refunds: 29, vettingReview: 30, practitioners: 41, events: 47, messages: 53, checkInCamera: 58, membershipOffice: 60 } as const;

export interface SiteWorker {
  url: string;
  stop(): Promise<void>;
}

/** What a file may add to its Worker: more vars (they win over the defaults) and SQL for its D1. */
export interface SiteWorkerOptions {
  vars?: Record<string, string>;
  /** Runs on the Worker's own local D1 after the migrations (startWorker's `seedSql`). */
  seedSql?: string;
  /** Receives the Worker's output lines (discarded by default). */
  log?: (line: string) => void;
}

/** The origin a slot's Worker answers on (for SITE_URL, when a test follows absolute links back). */
export const siteWorkerUrl = (slot: number) => `http://127.0.0.1:${TEST_PORTS.worker + slot}`;

const ASSETS_DIR = join(ROOT, "dist", "client");

/**
 * Makes in `stateDir` what every file's Worker starts from: D1 with the migrations applied and
 * the practitioner search's gazetteer loaded (about 25 statements), as `npm run dev` and deploy
 * load it. Run once by the global setup, on a Worker of its own that serves no request.
 */
export async function prepareSiteWorkerState(scriptPath: string, stateDir: string): Promise<void> {
  const worker = await startBenchWorker({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath,
    assetsDir: ASSETS_DIR,
    port: 0, // any free port: nothing is asked of it over HTTP
    vars: readDevVarsExample() as Record<string, string>,
    stateDir,
    onLog: () => undefined,
  });
  try {
    const db = await worker.mf.getD1Database("DB");
    await db.batch(gazetteerStatements().map((statement: string) => db.prepare(statement)));
  } finally {
    await worker.dispose();
  }
}

export async function startSiteWorker(slot: number, options: SiteWorkerOptions = {}): Promise<SiteWorker> {
  const log = options.log ?? (() => undefined);
  // A copy of the run's migrated state, beside it in the run's directory (the global teardown
  // removes that directory, should a file end without stopping its Worker).
  const template = inject("e2eWorkerState");
  const stateDir = mkdtempSync(join(dirname(template), `worker-state-${slot}-`));
  cpSync(template, stateDir, { recursive: true });
  const removeState = () => rmSync(stateDir, { recursive: true, force: true });
  const worker = await startBenchWorker({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath: inject("e2eWorkerBundle"),
    assetsDir: ASSETS_DIR,
    port: TEST_PORTS.worker + slot,
    stateDir,
    migrate: false,
    vars: {
      // The committed local secrets, as `wrangler dev` read them from .dev.vars, then the test's.
      ...readDevVarsExample(),
      ENVIRONMENT: "test",
      CMS_URL: inject("cmsUrl"),
      CMS_TOKEN: TEST_SECRETS.cmsToken,
      CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
      PREVIEW_SECRET: TEST_SECRETS.previewSecret,
      ...authVars(),
      ...options.vars,
    },
    onLog: ({ level, message }: { level: string; message: string }) => log(`[${level}] ${message}`),
  }).catch((error: unknown) => {
    removeState();
    throw error;
  });
  const stop = async () => {
    try {
      await worker.dispose();
    } finally {
      removeState();
    }
  };
  try {
    if (options.seedSql) await runSql(await worker.mf.getD1Database("DB"), options.seedSql);
    return { url: worker.url, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** Runs a script of SQL statements on the Worker's D1, split as `wrangler d1 execute` splits them. */
async function runSql(db: D1Like, sql: string) {
  const { unstable_splitSqlQuery } = await import("wrangler");
  const statements = unstable_splitSqlQuery(sql).map((s: string) => s.trim()).filter(Boolean);
  if (statements.length) await db.batch(statements.map((statement: string) => db.prepare(statement)));
}

interface D1Like {
  prepare(sql: string): unknown;
  batch(statements: unknown[]): Promise<unknown>;
}

/**
 * The test stack's sign-in settings (the global setup's Firebase Auth emulator and the test
 * session secret) when the setup provides them, so no browser test's Worker talks to the dev
 * stack's emulator; otherwise the values from wrangler.toml and .dev.vars stand.
 */
function authVars(): Record<string, string> {
  const provided: Record<string, unknown> = {
    SESSION_SECRET: (TEST_SECRETS as Record<string, unknown>).sessionSecret,
    FIREBASE_AUTH_EMULATOR_HOST: inject("firebaseEmulatorHost" as never),
    FIREBASE_PROJECT_ID: inject("firebaseProjectId" as never),
  };
  return Object.fromEntries(
    Object.entries(provided).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}
