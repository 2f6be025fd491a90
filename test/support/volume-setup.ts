/**
 * The `volume` project's own CMS: Strapi from cms/ on a throwaway SQLite database with the demo
 * content and, added before it starts, VOLUME.articles articles and VOLUME.pages general pages
 * (cms/scripts/seed-volume.js). It is apart from the shared test CMS so that the other files'
 * tests, which read every article and page, keep their small demo site.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { seedCmsVolume, startCms } from "../../scripts/lib/cms.mjs";
import { TEST_PORTS } from "./test-ports";
import { TEST_SECRETS } from "./test-secrets";
import { VOLUME } from "./volume";

declare module "vitest" {
  export interface ProvidedContext {
    /** The volume project's CMS (test/support/volume-setup.ts). */
    volumeCmsUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "guildhall-volume-"));
  const dbFile = join(dir, "cms.db");
  const tokens = { apiToken: TEST_SECRETS.cmsToken, editorApiToken: TEST_SECRETS.cmsEditorToken };
  let cms: Awaited<ReturnType<typeof startCms>>;
  try {
    await seedCmsVolume({ dbFile, ...VOLUME, ...tokens, log: () => undefined });
    cms = await startCms({ port: TEST_PORTS.volumeCms, dbFile, ...tokens, log: () => undefined });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide("volumeCmsUrl", cms.url);
  return async () => {
    await cms.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
