/** Reading every entry of a list the CMS gives a page at a time: never a silent cap. */
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { CmsClient } from "../../src/adapters/cms/client";
import { readEveryPage } from "../../src/adapters/cms/every-page";
import { listPage, type PageVars, paginationMeta } from "../../src/adapters/cms/list-page";
import { defineOperation } from "../../src/adapters/cms/operation";

const names = defineOperation({
  name: "names",
  document: "query names($page: Int!, $pageSize: Int!) { … }",
  models: [],
  schema: z.object({ names: z.object({ data: z.array(z.string()), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage(data.names.data, data.names.meta),
});

/**
 * A CMS list of `entries`, paged as Strapi pages them (LIMIT/OFFSET, at most `maxLimit` a page);
 * `shiftAfterFirst` moves the pages after the first back, as a publish between two reads would.
 */
function cmsOf(entries: string[], { maxLimit = 1000, shiftAfterFirst = 0 } = {}) {
  const asked: PageVars[] = [];
  const cms: CmsClient = {
    async run(operation, variables) {
      const vars = variables as unknown as PageVars;
      asked.push(vars);
      const pageSize = Math.min(vars.pageSize, maxLimit);
      const start = (vars.page - 1) * pageSize - (vars.page > 1 ? shiftAfterFirst : 0);
      const data = entries.slice(Math.max(0, start), start + pageSize);
      const pagination = { total: entries.length, page: vars.page, pageSize, pageCount: Math.ceil(entries.length / pageSize) };
      return operation.parse({ names: { data, meta: { pagination } } }, variables);
    },
  };
  return { cms, asked };
}

const entries = (count: number) => Array.from({ length: count }, (_, i) => `entry-${i + 1}`);
const key = (name: string) => name;

describe("readEveryPage", () => {
  it("reads all 2,500 entries of a list longer than the CMS's limit, in order, a page at a time", async () => {
    const { cms, asked } = cmsOf(entries(2500));
    const list = await readEveryPage(cms, names, { pageSize: 500, key });
    expect(list).toEqual({ items: entries(2500), total: 2500, complete: true });
    expect(asked.map((vars) => vars.page)).toEqual([1, 2, 3, 4, 5]);
    expect(asked.every((vars) => vars.pageSize === 500)).toBe(true);
  });

  it("follows the CMS's page count when it gives fewer per page than asked", async () => {
    const { cms, asked } = cmsOf(entries(2500), { maxLimit: 200 });
    const list = await readEveryPage(cms, names, { pageSize: 500, key });
    expect(list.items).toEqual(entries(2500));
    expect(asked).toHaveLength(13);
  });

  it("makes one request for a short or empty list", async () => {
    for (const count of [0, 1, 500]) {
      const { cms, asked } = cmsOf(entries(count));
      expect((await readEveryPage(cms, names, { pageSize: 500, key })).items).toHaveLength(count);
      expect(asked).toHaveLength(1);
    }
  });

  it("stops at the most pages one read may take and says the list is incomplete", async () => {
    const { cms, asked } = cmsOf(entries(2500));
    const list = await readEveryPage(cms, names, { pageSize: 100, maxPages: 10, key });
    expect(list).toMatchObject({ total: 2500, complete: false });
    expect(list.items).toEqual(entries(1000));
    expect(asked).toHaveLength(10);
  });

  it("keeps one copy of an entry seen on two pages", async () => {
    const { cms } = cmsOf(entries(1200), { shiftAfterFirst: 1 });
    const list = await readEveryPage(cms, names, { pageSize: 500, key });
    // Entry 500 ends page 1 and, after the shift, starts page 2.
    expect(list.items).toEqual(entries(1200));
  });
});
