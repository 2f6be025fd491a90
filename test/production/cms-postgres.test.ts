/**
 * The CMS on PostgreSQL (production's database) answers the Worker's own GraphQL operations
 * exactly as on SQLite (development's and the other tests'). Two fresh CMSes, one on each
 * database, are seeded with the demo content and asked every operation through the Worker's CMS
 * client, so the comparison is of the content the site would render. What legitimately differs
 * between two seedings is set aside: entry ids, the random part of upload file names, and
 * timestamps (the demo dates are relative to the moment of seeding; both seedings are minutes
 * apart at most).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCms } from "../../scripts/lib/cms.mjs";
import { startPostgres } from "../../scripts/lib/postgres.mjs";
import { createCmsClient, type CmsClient } from "../../src/adapters/cms/client";
import type { Operation } from "../../src/adapters/cms/operation";
import * as ops from "../../src/adapters/cms/operations";
import { TEST_PORTS } from "../support/test-ports";
import { TEST_SECRETS } from "../support/test-secrets";

const SEEDINGS_APART_MS = 10 * 60_000;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
// Strapi names an upload `<name>_<10 random hex digits><ext>`.
const UPLOAD_HASH = /_[0-9a-f]{10}(?=[._/"]|$)/g;

const stops: (() => Promise<void>)[] = [];
let dir: string;
let sqlite: CmsClient;
let postgres: CmsClient;
let database: Awaited<ReturnType<typeof startPostgres>>;
const logs: string[] = [];

beforeAll(async () => {
  const started = Date.now();
  dir = mkdtempSync(join(tmpdir(), "guildhall-cms-postgres-"));
  const log = (line: string) => logs.push(line);
  database = await startPostgres({ port: TEST_PORTS.postgres, log });
  stops.push(database.stop);
  const common = { apiToken: TEST_SECRETS.cmsToken, log };
  const [onPostgres, onSqlite] = await Promise.all([
    startCms({ ...common, port: TEST_PORTS.postgresCms, postgresUrl: database.url, publicDir: join(dir, "postgres-public") }),
    startCms({ ...common, port: TEST_PORTS.sqliteCms, dbFile: join(dir, "cms.db") }),
  ]);
  stops.unshift(onPostgres.stop, onSqlite.stop);
  const client = (url: string) => createCmsClient({ graphqlUrl: `${url}/graphql`, token: TEST_SECRETS.cmsToken, timeoutMs: 20_000 });
  postgres = client(onPostgres.url);
  sqlite = client(onSqlite.url);
  console.log(`PostgreSQL and two seeded CMSes ready in ${Math.round((Date.now() - started) / 1000)} s`);
}, 240_000);

afterAll(async () => {
  for (const stop of stops) await stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Ids dropped, upload names without their random part, and each timestamp close to its twin taken as equal. */
function comparable(value: unknown, twin: unknown): unknown {
  if (typeof value === "string") {
    if (typeof twin === "string" && ISO_DATETIME.test(value) && ISO_DATETIME.test(twin)) {
      return Math.abs(Date.parse(value) - Date.parse(twin)) <= SEEDINGS_APART_MS ? "(a seeding time)" : value;
    }
    return value.replace(UPLOAD_HASH, "_<hash>");
  }
  if (Array.isArray(value)) return value.map((item, index) => comparable(item, Array.isArray(twin) ? twin[index] : undefined));
  if (value !== null && typeof value === "object") {
    const other = (twin ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "id" && key !== "documentId")
        .map(([key, item]) => [key, comparable(item, other[key])]),
    );
  }
  return value;
}

/** The demo content's lists fit on one page of a paged list operation. */
const ONE_PAGE = { page: 1, pageSize: 1000 };

async function expectSameContent<Vars extends Record<string, unknown>, Result>(operation: Operation<Vars, Result>, variables: Vars) {
  const [fromPostgres, fromSqlite] = await Promise.all([postgres.run(operation, variables), sqlite.run(operation, variables)]);
  expect(comparable(fromPostgres, fromSqlite), `${operation.name} ${JSON.stringify(variables)}`).toEqual(comparable(fromSqlite, fromPostgres));
  return fromSqlite;
}

describe("the CMS on PostgreSQL answers the Worker's operations as on SQLite", () => {
  it("keeps its content in PostgreSQL", async () => {
    const [{ count }] = (await database.query("select count(*)::int as count from general_pages where published_at is not null")) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(20);
  });

  it.each([
    ops.globalOperation,
    ops.globalSeoOperation,
    ops.sidebarOperation,
    ops.footerOperation,
    ops.navigationOperation,
    ops.homepageOperation,
    ops.joinPageOperation,
  ] as Operation<Record<string, never>, unknown>[])("$name", async (operation) => {
    const content = await expectSameContent(operation, {});
    expect(content).toBeTruthy();
  });

  it("allGeneralPages, allGeneralPageSlugs and every generalPage", async () => {
    const { items: pages } = await expectSameContent(ops.allGeneralPagesOperation, ONE_PAGE);
    const { items: slugs } = await expectSameContent(ops.allGeneralPageSlugsOperation, ONE_PAGE);
    expect(pages.length).toBeGreaterThanOrEqual(20);
    expect(slugs).toHaveLength(pages.length);
    for (const { slug, type } of slugs) await expectSameContent(ops.generalPageOperation, { slug, type });
  });

  it("allArticles and every article", async () => {
    const { items: articles } = await expectSameContent(ops.allArticlesOperation, ONE_PAGE);
    expect(articles.length).toBeGreaterThanOrEqual(3);
    for (const { slug } of articles) await expectSameContent(ops.articleOperation, { slug });
  });

  it("memberships", async () => {
    const { items: memberships } = await expectSameContent(ops.membershipsOperation, ONE_PAGE);
    expect(memberships.length).toBeGreaterThanOrEqual(2);
  });

  it("webinars, webinarBundles and every webinar and bundle", async () => {
    const { items: webinars } = await expectSameContent(ops.webinarsOperation, ONE_PAGE);
    const { items: bundles } = await expectSameContent(ops.webinarBundlesOperation, ONE_PAGE);
    expect(webinars.length).toBeGreaterThanOrEqual(7);
    expect(bundles.length).toBeGreaterThanOrEqual(2);
    for (const { slug } of webinars) await expectSameContent(ops.webinarOperation, { slug });
    for (const { slug } of bundles) await expectSameContent(ops.webinarBundleOperation, { slug });
  });
});
