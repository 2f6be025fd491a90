/**
 * Uploads kept in an object store (R2 through Strapi's S3 provider in production): the CMS then
 * gives absolute media URLs under the bucket's public address. The fake CMS's `object-store`
 * mode gives the real Strapi's content that way and serves its files from `{fake}/bucket/`,
 * because the local CMS keeps uploads on disk. Pages still name only the site's own
 * `/uploads/<file>`, the media route fetches from the bucket, and gated files stay gated.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { cpdFiles } from "../support/worker/demo-media";
import { clearContentCache } from "../support/worker/helpers";

const objectStoreEnv = () => ({ ...env, CMS_URL: `${env.FAKE_CMS_URL}/object-store`, CMS_MEDIA_URL: `${env.FAKE_CMS_URL}/bucket` });

async function get(path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`), objectStoreEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeEach(async () => {
  await clearContentCache();
});

describe("media in an object store", () => {
  it("are shown as the site's /uploads/<file> and fetched from the bucket", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(env.FAKE_CMS_URL);
    const file = html.match(/src="\/uploads\/([\w.-]+)"/)?.[1];
    expect(file, "the home page shows an upload").toBeTruthy();

    const media = await get(`/uploads/${file}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const reads = (await (await fetch(`${env.FAKE_CMS_URL}/__bucket-reads`)).json()) as string[];
    expect(reads).toContain(file);
  });

  it("keep a members-only file hidden from a visitor", async () => {
    const { membersFile } = await cpdFiles();
    const response = await get(membersFile);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("%PDF");
  });
});
