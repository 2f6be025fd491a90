// `npm run cms:admin`: builds Strapi's admin panel and serves it with the CMS on
// http://127.0.0.1:1337/admin against the local dev database (cms/.tmp/data.db, the one
// `npm run dev` uses), so editors can change the demo content. Stop with Ctrl-C.
// `--no-build` reuses the previous build (the build takes about a minute and 2 GB of memory).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  CMS_BASE_ENV,
  CMS_DIR,
  DEV_CMS_ADMIN_EMAIL,
  DEV_CMS_ADMIN_PASSWORD,
  DEV_CMS_PORT,
  startCms,
} from "./lib/cms.mjs";
import { readDevVars } from "./lib/dev-vars.mjs";

const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) {
  console.log("Building the Strapi admin panel (about a minute)…");
  const started = Date.now();
  // Not `strapi build`: see cms/scripts/build-admin.js for why.
  const build = spawnSync(process.execPath, [join(CMS_DIR, "scripts", "build-admin.js")], {
    cwd: CMS_DIR,
    env: { ...process.env, ...CMS_BASE_ENV, NODE_ENV: "production" },
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error(`Building the admin panel failed (exit ${build.status ?? build.signal}).`);
    process.exit(build.status ?? 1);
  }
  console.log(`Admin panel built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

let cms;
try {
  // "Open preview" leads to the local Worker (`npm run dev`) with the secret it reads from .dev.vars.
  const { PREVIEW_SECRET } = readDevVars(join(CMS_DIR, ".."));
  cms = await startCms({ port: DEV_CMS_PORT, serveAdmin: true, preview: PREVIEW_SECRET ? { siteUrl: "http://localhost:8787", secret: PREVIEW_SECRET } : undefined });
} catch (error) {
  console.error(`The CMS could not start:\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(`
  Strapi admin   ${cms.url}/admin
  Sign in with   ${process.env.CMS_ADMIN_EMAIL ?? DEV_CMS_ADMIN_EMAIL} / ${process.env.CMS_ADMIN_PASSWORD ?? DEV_CMS_ADMIN_PASSWORD}
                 (local only: the account is created on the first start, from CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD if set)
  Database       cms/.tmp/data.db (delete it to start again from the demo content)
  Preview        "Open preview" on an entry opens its draft at http://localhost:8787 when the Worker
                 runs there: for the whole stack with this panel, stop this and run \`npm run dev -- --admin\`
  Press Ctrl-C to stop.
`);

const stop = async () => {
  await cms.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
