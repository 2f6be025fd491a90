/**
 * The Worker's CMS token (CMS_TOKEN) may only read: a leaked Worker secret must not let anyone
 * change the site. Real Strapi from cms/. Each write is one that would fail harmlessly even with
 * a token that may write (an invalid body, an id that does not exist), so the only thing that
 * can answer 403 is the token's own lack of permission.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const asWorker = (path: string, init: RequestInit = {}) =>
  fetch(`${env.CMS_URL}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${env.CMS_TOKEN}`, "Content-Type": "application/json", ...init.headers },
  });

const graphql = async (query: string) => {
  const response = await asWorker("/graphql", { method: "POST", body: JSON.stringify({ query }) });
  return (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
};

describe("the Worker's CMS token", () => {
  it("reads published content over GraphQL and REST", async () => {
    const { data, errors } = await graphql("{ footer { data { attributes { address } } } }");
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ footer: { data: { attributes: { address: expect.any(String) } } } });
    expect((await asWorker("/api/articles")).status).toBe(200);
  });

  it.each([
    ["creates a general page", "POST", "/api/general-pages", { data: {} }],
    ["edits the footer", "PUT", "/api/footer", { data: {} }],
    ["edits an article", "PUT", "/api/articles/no-such-document", { data: {} }],
    ["deletes an article", "DELETE", "/api/articles/no-such-document", undefined],
    ["uploads a file", "POST", "/api/upload", {}],
  ])("cannot write over REST: %s", async (_name, method, path, body) => {
    const response = await asWorker(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(response.status).toBe(403);
  });

  it.each([
    ["updateFooter", 'mutation { updateFooter(data: {}) { documentId } }'],
    ["deleteArticle", 'mutation { deleteArticle(documentId: "no-such-document") { documentId } }'],
  ])("cannot write over GraphQL: %s", async (_name, mutation) => {
    const { errors } = await graphql(mutation);
    expect(errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it.each(["/api/users", "/api/upload/files"])("cannot read Strapi's own data at %s", async (path) => {
    expect((await asWorker(path)).status).toBe(403);
  });
});
