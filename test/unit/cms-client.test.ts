import { describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { CmsError } from "../../src/adapters/cms/operation";
import { generalPageOperation, globalSeoOperation } from "../../src/adapters/cms/operations";

type Captured = { url: string; init: RequestInit };

function clientReturning(response: () => Response | Promise<Response>, timeoutMs = 1000) {
  const captured: Captured[] = [];
  const client = createCmsClient({
    graphqlUrl: "http://cms.test/graphql",
    token: "test-token-0123456789",
    timeoutMs,
    fetch: async (input, init) => {
      captured.push({ url: String(input), init: init ?? {} });
      return response();
    },
  });
  return { client, captured };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function failure(promise: Promise<unknown>): Promise<CmsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CmsError);
  return error as CmsError;
}

describe("CMS client", () => {
  it("POSTs query, operationName and variables with the bearer token", async () => {
    const { client, captured } = clientReturning(() => json({ data: { generalPages_connection: { data: [] } } }));
    await client.run(generalPageOperation, { type: "Root", slug: "about" });
    const [call] = captured;
    expect(call?.url).toBe("http://cms.test/graphql");
    expect(call?.init.method).toBe("POST");
    expect(new Headers(call?.init.headers).get("authorization")).toBe("Bearer test-token-0123456789");
    const body = JSON.parse(String(call?.init.body)) as Record<string, unknown>;
    expect(body.operationName).toBe("generalPage");
    expect(body.variables).toEqual({ type: "Root", slug: "about" });
    expect(String(body.query)).toContain("query generalPage(");
  });

  it("maps the response into the domain", async () => {
    const { client } = clientReturning(() =>
      json({ data: { globalSeo: { data: { attributes: { metaTitle: "Guild", metaDescription: null, shareImage: null } } } } }),
    );
    expect(await client.run(globalSeoOperation, {})).toEqual({ metaTitle: "Guild", metaDescription: null, shareImage: null });
  });

  it("reports GraphQL errors with their messages and extensions", async () => {
    const { client } = clientReturning(() =>
      json({ data: null, errors: [{ message: "Forbidden access", extensions: { code: "FORBIDDEN" } }] }),
    );
    const error = await failure(client.run(globalSeoOperation, {}));
    expect(error.kind).toBe("graphql");
    expect(error.details.errors).toEqual([{ message: "Forbidden access", extensions: { code: "FORBIDDEN" } }]);
  });

  it("reports an HTTP error status", async () => {
    const { client } = clientReturning(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    const error = await failure(client.run(globalSeoOperation, {}));
    expect(error.kind).toBe("http");
    expect(error.details.status).toBe(502);
  });

  it("reports a body that is not JSON", async () => {
    const { client } = clientReturning(
      () => new Response('{"data": {"globalSeo":', { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    expect((await failure(client.run(globalSeoOperation, {}))).kind).toBe("malformed");
  });

  it("reports a network error", async () => {
    const { client } = clientReturning(() => {
      throw new TypeError("Network connection lost.");
    });
    const error = await failure(client.run(globalSeoOperation, {}));
    expect(error.kind).toBe("network");
    expect(error.details.message).toBe("Network connection lost.");
  });

  it("gives up after the timeout", async () => {
    const slow = createCmsClient({
      graphqlUrl: "http://cms.test/graphql",
      token: "t".repeat(16),
      timeoutMs: 100,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    const error = await failure(slow.run(globalSeoOperation, {}));
    expect(error.kind).toBe("timeout");
  });

  it("reports a response that does not match the content model", async () => {
    const { client } = clientReturning(() => json({ data: { globalSeo: { data: { attributes: { metaTitle: 42 } } } } }));
    const error = await failure(client.run(globalSeoOperation, {}));
    expect(error.kind).toBe("invalid");
    expect(String(error.details.issues)).toContain("metaTitle");
  });
});
