/**
 * One real `wrangler dev` per test file (as publish-purge.test.ts does), pointed at the real
 * Strapi the global setup started, with its own local KV/D1 state in a temporary folder.
 *
 * Each file takes its own port, `TEST_PORTS.worker + slot`, so files can run in parallel with
 * each other and with publish-purge.test.ts (which uses `TEST_PORTS.worker` itself, the port the
 * CMS webhook calls). TEST_PORT_OFFSET shifts these ports like the others: keep two runs' offsets
 * at least 14 apart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { startWorker } from "../../../scripts/lib/worker.mjs";
import { TEST_PORTS } from "../../support/test-ports";
import { TEST_SECRETS } from "../../support/test-secrets";

/** Port slots above TEST_PORTS.worker, one per browser test file. */
export const WORKER_SLOTS = { accessibility: 1, navigation: 2, streaming: 3, signIn: 4, join: 5, cardJoin: 6, webinars: 7, cart: 8, hostileContent: 9, emails: 10, nextAuth: 11, renew: 12, directory: 13, staff: 20, cpd: 21, profile: 24, privacy: 25, finance: 26, moneyDocuments: 28, refunds: 29 } as const;

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
  const stateDir = mkdtempSync(join(tmpdir(), "guildhall-e2e-browser-"));
  const port = TEST_PORTS.worker + slot;
  try {
    const worker = await startWorker({
      port,
      host: "127.0.0.1",
      persistTo: stateDir,
      vars: {
        ENVIRONMENT: "test",
        CMS_URL: inject("cmsUrl"),
        CMS_TOKEN: TEST_SECRETS.cmsToken,
        CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
        PREVIEW_SECRET: TEST_SECRETS.previewSecret,
        ...authVars(),
        ...options.vars,
      },
      ...(options.seedSql ? { seedSql: options.seedSql } : {}),
      log: options.log ?? (() => undefined),
    });
    return {
      url: worker.url,
      async stop() {
        await worker.stop();
        rmSync(stateDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
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
