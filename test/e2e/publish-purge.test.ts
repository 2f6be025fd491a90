/**
 * An editor publishes in Strapi -> Strapi's webhook -> the Worker's purge endpoint -> the next
 * page view shows the change. Real Strapi (global setup), real `wrangler dev` with local KV/D1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startWorker } from "../../scripts/lib/worker.mjs";
import { TEST_PORTS } from "../support/test-ports";
import { TEST_SECRETS } from "../support/test-secrets";

const cmsUrl = inject("cmsUrl");
let worker: Awaited<ReturnType<typeof startWorker>>;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "guildhall-e2e-"));
  worker = await startWorker({
    port: TEST_PORTS.worker,
    host: "127.0.0.1",
    persistTo: stateDir,
    vars: {
      ENVIRONMENT: "test",
      CMS_URL: cmsUrl,
      CMS_TOKEN: TEST_SECRETS.cmsToken,
      CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
    },
    log: () => undefined,
  });
});

afterAll(async () => {
  await worker?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** Strapi's REST API as an editor: the Worker's own token is read-only. */
async function cms(path: string, init: RequestInit = {}) {
  const response = await fetch(`${cmsUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json", ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} -> ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ data: Record<string, unknown> }>;
}

async function home(): Promise<string> {
  const response = await fetch(`${worker.url}/`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("publish -> webhook -> purge -> fresh content", () => {
  it("shows an edit published in Strapi within seconds", async () => {
    const original = (await cms("/api/footer")).data.address as string;
    expect(await home()).toContain(original.split("\n")[0]);

    const marker = `Guild House, ${Date.now()} Example Street`;
    try {
      const started = Date.now();
      await cms("/api/footer?status=published", { method: "PUT", body: JSON.stringify({ data: { address: marker } }) });
      let html = await home();
      while (!html.includes(marker) && Date.now() - started < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        html = await home();
      }
      expect(html).toContain(marker);
      console.log(`publish -> visible on the site in ${Date.now() - started} ms`);
    } finally {
      await cms("/api/footer?status=published", { method: "PUT", body: JSON.stringify({ data: { address: original } }) });
    }
  });
});
