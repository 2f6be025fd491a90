/**
 * One Worker per test file: the bundle a deploy uploads (built once by the global setup with
 * `wrangler deploy --dry-run`, lazily loaded modules beside it), run by Miniflare in this test
 * process with wrangler.toml's bindings (fresh in-memory KV, D1 with the migrations applied,
 * queues, rate limiters, the static assets), pointed at the real Strapi and Firebase Auth
 * emulator the global setup started. Starting one takes about a second, where `wrangler dev`
 * took ten or more: it bundled the Worker and spawned wrangler twice more for the migrations
 * and the seed. publish-purge.test.ts still starts the real `wrangler dev` (the `npm run dev`
 * path, and the port the CMS webhook calls).
 *
 * Each file takes its own port, `TEST_PORTS.worker + slot`, so files can run in parallel with
 * each other and with publish-purge.test.ts (which uses `TEST_PORTS.worker` itself). TEST_PORT_OFFSET
 * shifts these ports like the others: keep two runs' offsets at least 30 apart.
 */
import { join } from "node:path";
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

export async function startSiteWorker(slot: number, options: SiteWorkerOptions = {}): Promise<SiteWorker> {
  const log = options.log ?? (() => undefined);
  const worker = await startBenchWorker({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath: inject("e2eWorkerBundle"),
    assetsDir: join(ROOT, "dist", "client"),
    port: TEST_PORTS.worker + slot,
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
  });
  try {
    const db = await worker.mf.getD1Database("DB");
    // The practitioner search's gazetteer, as `npm run dev` and deploy load it (about 25 statements).
    await db.batch(gazetteerStatements().map((statement: string) => db.prepare(statement)));
    if (options.seedSql) await runSql(db, options.seedSql);
    return { url: worker.url, stop: () => worker.dispose() };
  } catch (error) {
    await worker.dispose().catch(() => undefined);
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
