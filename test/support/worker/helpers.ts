import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createContentGenerationsStore } from "../../../src/adapters/kv/content-generations";
import { ALL_OPERATIONS } from "../../../src/adapters/cms/operations";
import { afterPurge } from "../../../src/services/cache/generations";
import worker from "../../../src/index";
import type { Bindings } from "../../../src/env";

/**
 * Removes every cached CMS response so a test starts cold, and purges everything (as the
 * webhook does, without waiting for its batch), so neither a page the edge cache kept nor a
 * load a content loader object remembers from an earlier test is served either.
 */
export async function clearContentCache(): Promise<void> {
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<unknown, string> = await env.CONTENT_CACHE.list({ cursor, prefix: "content:" });
    await Promise.all(page.keys.map((key) => env.CONTENT_CACHE.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  const generations = createContentGenerationsStore(env.CONTENT_CACHE);
  await generations.write(afterPurge(await generations.read(), ALL_OPERATIONS.map((operation) => operation.name), Date.now()));
}

/**
 * Calls the Worker's fetch handler with some bindings overridden (for example a CMS_URL that
 * points at the fake CMS) and waits for its background work (`waitUntil`) to finish.
 */
export async function fetchWith(overrides: Partial<Bindings>, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`, init), { ...env, ...overrides }, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

/** The fake CMS's per-operation call counts since the last reset. */
export async function cmsCalls(): Promise<Record<string, number>> {
  return (await (await fetch(`${env.FAKE_CMS_URL}/__calls`)).json()) as Record<string, number>;
}

export async function resetFakeCms(): Promise<void> {
  await fetch(`${env.FAKE_CMS_URL}/__reset`, { method: "POST" });
}

export const totalCalls = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);

export const purgeHeaders = (secret = env.CACHE_PURGE_SECRET) => ({
  Authorization: `Bearer ${secret}`,
  "Content-Type": "application/json",
});
