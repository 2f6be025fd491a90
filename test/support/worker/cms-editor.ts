/**
 * A request to the real Strapi's REST API as an editor would make it (the seeded editor's API
 * token), for tests that save content such as discount codes. `data` becomes Strapi's
 * `{ data: … }` body.
 */
import { env } from "cloudflare:test";
import { TEST_SECRETS } from "../test-secrets";

export function asEditor(method: string, path: string, data?: unknown): Promise<Response> {
  return fetch(`${env.CMS_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
    ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
  });
}
