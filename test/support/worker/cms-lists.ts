/** Every entry of a paged CMS list operation (adapters/cms/list-page.ts), for tests that read the CMS directly. */
import type { CmsClient } from "../../../src/adapters/cms/client";
import { readEveryPage } from "../../../src/adapters/cms/every-page";
import type { ListPage, PageVars } from "../../../src/adapters/cms/list-page";
import type { Operation } from "../../../src/adapters/cms/operation";

export async function everyEntry<T>(cms: CmsClient, operation: Operation<PageVars, ListPage<T>>): Promise<T[]> {
  const list = await readEveryPage(cms, operation, { key: (item) => JSON.stringify(item) });
  if (!list.complete) throw new Error(`${operation.name} has more entries than one read takes`);
  return list.items;
}
