// Builds what the browser gets, served by Workers static assets from dist/client:
// - each island entry client/islands/<name>.ts -> /assets/islands/<name>-<hash>.js (ES module);
// - client/styles/site.css (with its @imports) -> /assets/site-<hash>.css;
// - client/static/* -> /assets/<name>-<hash>.<ext>.
// Content hashes make every URL immutable (dist/client/_headers caches /assets/* for a year).
// The Worker learns the hashed names from dist/asset-manifest.json (outside the public folder).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import { ROOT } from "./lib/worker.mjs";

const FINAL = join(ROOT, "dist", "client");

/**
 * Builds into a fresh folder and swaps it in at the end, so a `wrangler dev` serving the old
 * assets (say, `npm run dev` while the tests rebuild) never sees a missing folder.
 */
export async function buildClient({ quiet = false } = {}) {
  const started = Date.now();
  const OUT = join(ROOT, "dist", `client.building-${process.pid}-${Date.now()}`);
  const ASSETS = join(OUT, "assets");
  mkdirSync(ASSETS, { recursive: true });

  const islandsDir = join(ROOT, "client", "islands");
  const islands = readdirSync(islandsDir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
  const entryPoints = Object.fromEntries([
    ...islands.map((file) => [`islands/${basename(file, extname(file))}`, join(islandsDir, file)]),
    ["site", join(ROOT, "client", "styles", "site.css")],
  ]);

  const result = await build({
    entryPoints,
    outdir: ASSETS,
    bundle: true,
    minify: true,
    format: "esm",
    splitting: true,
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    entryNames: "[dir]/[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "[name]-[hash]",
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  });

  const manifest = { islands: {}, stylesheet: null, static: {} };
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    if (!info.entryPoint) continue;
    const url = `/${relative(OUT, join(ROOT, output)).split("\\").join("/")}`;
    const name = Object.entries(entryPoints).find(([, path]) => relative(ROOT, path) === info.entryPoint)?.[0];
    if (name === "site") manifest.stylesheet = url;
    else if (name?.startsWith("islands/")) manifest.islands[name.slice("islands/".length)] = url;
  }

  const staticDir = join(ROOT, "client", "static");
  for (const file of existsSync(staticDir) ? readdirSync(staticDir) : []) {
    const content = readFileSync(join(staticDir, file));
    const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
    const hashed = `${basename(file, extname(file))}-${hash}${extname(file)}`;
    writeFileSync(join(ASSETS, hashed), content);
    manifest.static[file] = `/assets/${hashed}`;
  }

  writeFileSync(
    join(OUT, "_headers"),
    "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n  X-Content-Type-Options: nosniff\n",
  );
  const previous = `${FINAL}.previous-${process.pid}-${Date.now()}`;
  if (existsSync(FINAL)) renameSync(FINAL, previous);
  renameSync(OUT, FINAL);
  rmSync(previous, { recursive: true, force: true });
  writeFileSync(join(ROOT, "dist", "asset-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  if (!quiet) console.log(`client: built ${Object.keys(manifest.islands).length} island(s) and styles in ${Date.now() - started} ms`);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildClient();
}
