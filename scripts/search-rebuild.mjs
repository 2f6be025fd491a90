// `npm run search:rebuild`: asks the Worker to rebuild the site search index from the CMS
// (POST /api/search/rebuild). The Worker answers at once; its search queue then reads every
// published page, article and webinar, 25 at a time, and only when the last is written removes
// what is no longer published. A CMS outage midway leaves the index as it was.
//
//   npm run search:rebuild                                  the local Worker (npm run dev), .dev.vars's secret
//   SEARCH_REBUILD_SECRET=… npm run search:rebuild -- --url https://www.example.org
//
// The secret is the CMS webhook's (CACHE_PURGE_SECRET).
import { parseArgs } from "node:util";
import { readDevVars } from "./lib/dev-vars.mjs";
import { ROOT } from "./lib/worker.mjs";

const { values } = parseArgs({ options: { url: { type: "string", default: "http://localhost:8787" } } });
const secret = process.env.SEARCH_REBUILD_SECRET ?? readDevVars(ROOT).CACHE_PURGE_SECRET;
const url = `${values.url.replace(/\/+$/, "")}/api/search/rebuild`;
try {
  const response = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${secret}` } });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`${url} answered ${response.status}: ${body}`);
  const { generation } = JSON.parse(body);
  console.log(`search:rebuild: rebuild ${generation} queued at ${values.url}; the log's "search.rebuilt" line (generation ${generation}) says when it is done.`);
} catch (error) {
  console.error(`search:rebuild: FAILED — ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
