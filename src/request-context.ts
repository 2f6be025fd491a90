/**
 * The request (or queue batch, or cron run) the code is working for, kept with AsyncLocalStorage
 * (wrangler.toml: the `nodejs_als` compatibility flag) so that every log line carries its id
 * without threading it through every function. The id is Cloudflare's Ray id when there is one,
 * so a log line, the error page a member quotes and Cloudflare's own logs name the same request.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as part of the request named `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => storage.run({ requestId }, work);

/** The id of the request the caller is working for, or null outside one. */
export const currentRequestId = (): string | null => storage.getStore()?.requestId ?? null;

/** A request's id: Cloudflare's Ray id (without its location suffix) when present, else a new one. */
export function requestIdFor(rayHeader: string | null | undefined): string {
  const ray = rayHeader?.split("-")[0]?.trim();
  return ray && /^[A-Za-z0-9]{8,32}$/.test(ray) ? ray : crypto.randomUUID().replaceAll("-", "").slice(0, 16);
}
