/**
 * The content service reads whole lists (redirects, discount codes) in CMS pages: an entry past
 * the CMS's list limit (1,000) counts like the first. The CMS here is a stand-in that pages its
 * lists as Strapi does; the real one is exercised by the volume project.
 */
import { describe, expect, it } from "vitest";
import type { CmsClient } from "../../src/adapters/cms/client";
import type { PageVars } from "../../src/adapters/cms/list-page";
import { log } from "../../src/log";
import { createContentService } from "../../src/services/content/content-service";

const STRAPI_MAX_LIMIT = 1000;

/** A stand-in CMS whose `connection` list holds `entities`, paged as Strapi pages its lists. */
function pagedCms(connection: string, entities: unknown[]) {
  const asked: PageVars[] = [];
  const cms: CmsClient = {
    async run(operation, variables) {
      const vars = variables as unknown as PageVars;
      asked.push(vars);
      const pageSize = Math.min(vars.pageSize, STRAPI_MAX_LIMIT);
      const data = entities.slice((vars.page - 1) * pageSize, vars.page * pageSize);
      const pagination = { total: entities.length, page: vars.page, pageSize, pageCount: Math.ceil(entities.length / pageSize) };
      return operation.parse({ [connection]: { data, meta: { pagination } } }, variables);
    },
  };
  return { cms, asked };
}

const service = (cms: CmsClient) => createContentService({ cms, cache: null, log });

describe("whole lists past the CMS's list limit", () => {
  it("redirects: all 2,500 rules, the last one included", async () => {
    const rules = Array.from({ length: 2500 }, (_, i) => ({ id: String(i + 1), attributes: { from: `/old-${i + 1}`, to: `/new-${i + 1}`, permanent: null, external: null } }));
    const { cms, asked } = pagedCms("redirects_connection", rules);
    const redirects = await service(cms).redirects();
    expect(redirects).toHaveLength(2500);
    expect(redirects.at(-1)).toEqual({ from: "/old-2500", to: "/new-2500", permanent: true, external: false });
    expect(asked.length).toBeGreaterThan(1);
  });

  it("discount codes: a code after the first 1,000 is found", async () => {
    const codes = Array.from({ length: 1500 }, (_, i) => ({
      id: String(i + 1),
      attributes: { documentId: `code-doc-${i + 1}`, code: `code${String(i + 1).padStart(4, "0")}`, kind: "percent", percentOff: 10, webinars: null, bundles: null, memberships: null },
    }));
    const { cms } = pagedCms("discountCodes_connection", codes);
    expect(await service(cms).discountCode("CODE1401")).toMatchObject({ id: "code-doc-1401", code: "CODE1401", percentOff: 10 });
    expect(await service(cms).discountCode("CODE1501")).toBeNull();
  });
});
