/**
 * Starts the real local components the tests talk to, once for the whole run:
 * - Strapi from cms/ on a throwaway SQLite database (API only, no admin build), seeded with
 *   the demo content, its webhook pointed at the e2e Worker, with the Worker's read-only token
 *   and a full-access editor token for the tests that publish content;
 * - the Firebase Authentication emulator (scripts/lib/firebase.mjs) on TEST_PORTS.firebase, with
 *   e-mail enumeration protection on and the demo accounts seeded (started alongside Strapi);
 * - the fake CMS (test/support/fake-cms.ts) for failures the real one cannot produce;
 * - the fake Stripe API (test/support/fake-stripe.ts): Stripe's API cannot be reached here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../scripts/build-client.mjs";
import { buildWorkerModules } from "../../scripts/build-worker-modules.mjs";
import { startCms } from "../../scripts/lib/cms.mjs";
import { startAuthEmulator } from "../../scripts/lib/firebase.mjs";
import { bundleWorker } from "../../scripts/bench/worker.mjs";
import type { BrowserServer } from "playwright-core";
import { launchChromiumServer } from "../e2e/support/chromium";
import { prepareSiteWorkerState, WORKER_SLOTS } from "../e2e/support/site-worker";
import { startFakeCms } from "./fake-cms";
import { startFakeStripe } from "./fake-stripe";
import { TEST_PORTS } from "./test-ports";
import { TEST_SECRETS } from "./test-secrets";

declare module "vitest" {
  export interface ProvidedContext {
    cmsUrl: string;
    fakeCmsUrl: string;
    /** The fake Stripe API (test/support/fake-stripe.ts): Stripe itself cannot be reached here. */
    fakeStripeUrl: string;
    e2eWorkerUrl: string;
    /** The Worker bundled once for the browser tests (test/e2e/support/site-worker.ts). */
    e2eWorkerBundle: string;
    /** Their D1, migrated once, that each file's Worker starts from a copy of (site-worker.ts). */
    e2eWorkerState: string;
    /**
     * A CMS of its own for test/e2e/hostile-content.test.ts (its hostile pages must never reach
     * the other files), started beside the shared one; absent when that file is not selected.
     */
    hostileCmsUrl: string;
    /** The run's one Chromium that browser test files connect to (test/e2e/support/chromium.ts). */
    chromiumWsEndpoint: string;
    /** host:port of the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). */
    firebaseEmulatorHost: string;
    /** The emulator's demo- project id (FIREBASE_PROJECT_ID). */
    firebaseProjectId: string;
  }
}

/** Projects that need no shared stack (`production` and `volume` start their own): selecting only these starts nothing. */
const STACKLESS_PROJECTS = new Set(["unit", "production", "volume"]);
/** Projects that render pages in workerd, which needs the client build's asset manifest. */
const RENDERING_PROJECTS = new Set(["integration", "integration-own-runtime", "e2e", "volume"]);

const HOSTILE_CONTENT_FILE = "test/e2e/hostile-content.test.ts";

/** Whether this run selects a file (no filters on the command line select every file). */
function selects(project: TestProject, file: string): boolean {
  // Vitest keeps the command line's file filters here (not in its published types).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  return filters.length === 0 || filters.some((filter) => file.includes(filter) || filter.includes(file.replace(/^test\/e2e\//, "")));
}

export default async function setup(project: TestProject) {
  await buildWorkerModules({ quiet: true });
  if (project.vitest.projects.some((p) => RENDERING_PROJECTS.has(p.name))) await buildClient({ quiet: true });
  if (project.vitest.projects.every((p) => STACKLESS_PROJECTS.has(p.name))) return;
  const dir = mkdtempSync(join(tmpdir(), "guildhall-test-"));
  const e2eWorkerUrl = `http://127.0.0.1:${TEST_PORTS.worker}`;
  const runsE2e = project.vitest.projects.some((p) => p.name === "e2e");
  const [cmsStart, authStart, hostileCmsStart] = await Promise.allSettled([
    startCms({
      port: TEST_PORTS.cms,
      dbFile: join(dir, "cms.db"),
      purgeUrl: `${e2eWorkerUrl}/api/cache/purge`,
      purgeSecret: TEST_SECRETS.purgeSecret,
      apiToken: TEST_SECRETS.cmsToken,
      editorApiToken: TEST_SECRETS.cmsEditorToken,
      log: () => undefined,
    }),
    startAuthEmulator({ port: TEST_PORTS.firebase, log: () => undefined }),
    runsE2e && selects(project, HOSTILE_CONTENT_FILE)
      ? startCms({
          port: TEST_PORTS.cms + WORKER_SLOTS.hostileContent,
          dbFile: join(dir, "hostile-cms.db"),
          apiToken: TEST_SECRETS.cmsToken,
          editorApiToken: TEST_SECRETS.cmsEditorToken,
          log: () => undefined,
        })
      : Promise.resolve(null),
  ]);
  const started = [cmsStart, authStart, hostileCmsStart];
  const failed = started.find((start) => start.status === "rejected");
  if (failed) {
    // Stop whichever did start before reporting why another did not.
    await Promise.all(started.map((start) => (start.status === "fulfilled" ? start.value?.stop() : undefined)));
    rmSync(dir, { recursive: true, force: true });
    throw (failed as PromiseRejectedResult).reason;
  }
  const cms = (cmsStart as PromiseFulfilledResult<Awaited<ReturnType<typeof startCms>>>).value;
  const auth = (authStart as PromiseFulfilledResult<Awaited<ReturnType<typeof startAuthEmulator>>>).value;
  const hostileCms = (hostileCmsStart as PromiseFulfilledResult<Awaited<ReturnType<typeof startCms>> | null>).value;
  const fake = await startFakeCms(cms.url);
  const fakeStripe = await startFakeStripe();
  // The browser tests' Workers all run one bundle (wrangler's own, as a deploy uploads it) from
  // one migrated database, and their files share one Chromium.
  let chromium: BrowserServer | null = null;
  if (runsE2e) {
    try {
      const bundle = bundleWorker(join(dir, "worker"));
      const state = join(dir, "worker-state");
      await prepareSiteWorkerState(bundle, state);
      project.provide("e2eWorkerBundle", bundle);
      project.provide("e2eWorkerState", state);
      chromium = await launchChromiumServer();
      project.provide("chromiumWsEndpoint", chromium.wsEndpoint());
    } catch (error) {
      await Promise.all([fake.close(), fakeStripe.close(), cms.stop(), auth.stop(), hostileCms?.stop()]);
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  project.provide("cmsUrl", cms.url);
  project.provide("fakeCmsUrl", fake.url);
  project.provide("fakeStripeUrl", fakeStripe.url);
  project.provide("e2eWorkerUrl", e2eWorkerUrl);
  project.provide("firebaseEmulatorHost", auth.host);
  project.provide("firebaseProjectId", auth.projectId);
  if (hostileCms) project.provide("hostileCmsUrl", hostileCms.url);

  return async () => {
    await Promise.all([fake.close(), fakeStripe.close(), chromium?.close()]);
    await Promise.all([cms.stop(), auth.stop(), hostileCms?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
