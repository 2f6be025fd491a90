/**
 * Starts the real local components the tests talk to, once for the whole run:
 * - Strapi from cms/ on a throwaway SQLite database (API only, no admin build), seeded with
 *   the demo content, its webhook pointed at the e2e Worker;
 * - the fake CMS (test/support/fake-cms.ts) for failures the real one cannot produce.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../scripts/build-client.mjs";
import { startCms } from "../../scripts/lib/cms.mjs";
import { startFakeCms } from "./fake-cms";
import { TEST_PORTS } from "./test-ports";
import { TEST_SECRETS } from "./test-secrets";

declare module "vitest" {
  export interface ProvidedContext {
    cmsUrl: string;
    fakeCmsUrl: string;
    e2eWorkerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  await buildClient({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "guildhall-test-"));
  const e2eWorkerUrl = `http://127.0.0.1:${TEST_PORTS.worker}`;
  const cms = await startCms({
    port: TEST_PORTS.cms,
    dbFile: join(dir, "cms.db"),
    purgeUrl: `${e2eWorkerUrl}/api/cache/purge`,
    purgeSecret: TEST_SECRETS.purgeSecret,
    apiToken: TEST_SECRETS.cmsToken,
    log: () => undefined,
  });
  const fake = await startFakeCms(cms.url);

  project.provide("cmsUrl", cms.url);
  project.provide("fakeCmsUrl", fake.url);
  project.provide("e2eWorkerUrl", e2eWorkerUrl);

  return async () => {
    await fake.close();
    await cms.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
