/**
 * Preview harness for the view layer (not part of the product): renders every screen from the
 * domain fixtures, serves them with the production CSP, then screenshots each at 320, 390 and
 * 1280 px in Chromium, checks nothing scrolls sideways, and runs axe on each.
 *
 *   node_modules/.bin/esbuild scripts/preview-views.tsx --bundle --platform=node --format=esm \
 *     --packages=external --outfile=.tmp/preview/run.mjs && node_modules/.bin/node .tmp/preview/run.mjs
 *
 * Output: .tmp/preview/shots/*.png and .tmp/preview/axe.json. `--serve` keeps the server up.
 */
import AxeBuilder from "@axe-core/playwright";
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { renderToReadableStream } from "react-dom/server.edge";
import { SCREENS } from "./preview-screens";

const ROOT = process.cwd();
const OUT = join(ROOT, ".tmp", "preview");
/**
 * React reveals streamed Suspense boundaries (and large ones even when ready) with inline
 * scripts, so the CSP must carry a per-response nonce that the renderer also receives.
 */
const NONCE = "preview-nonce";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; style-src 'self'; img-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'`;
const WIDTHS = [320, 390, 1280];

async function renderAll(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const screen of SCREENS) {
    const stream = await renderToReadableStream(screen.element, { nonce: NONCE });
    await stream.allReady;
    pages.set(`/${screen.name}`, await new Response(stream).text());
  }
  return pages;
}

async function bundle(entry: string): Promise<string> {
  const result = await build({ entryPoints: [join(ROOT, entry)], bundle: true, write: false, minify: true, format: "esm", logLevel: "warning" });
  return result.outputFiles[0]?.text ?? "";
}

async function serve(pages: Map<string, string>) {
  const css = await bundle("client/styles/site.css");
  const island = await bundle("client/islands/cart-badge.ts");
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    const send = (type: string, body: string | Buffer, status = 200) => {
      res.writeHead(status, { "Content-Type": type, "Content-Security-Policy": CSP });
      res.end(body);
    };
    if (pages.has(path)) return send("text/html; charset=utf-8", pages.get(path)!);
    if (path === "/") return send("text/html", [...pages.keys()].map((p) => `<a href="${p}">${p}</a>`).join("<br>"));
    if (path.startsWith("/assets/site-")) return send("text/css", css);
    if (path.startsWith("/assets/islands/")) return send("text/javascript", island);
    if (path.startsWith("/assets/share-default")) return send("image/png", readFileSync(join(ROOT, "client/static/share-default.png")));
    if (path.startsWith("/uploads/")) {
      // Every rendition of a seed image is served from the original file.
      const file = join(ROOT, "cms/seed/media", path.slice("/uploads/".length).replace(/^(thumbnail|small|medium|large)_/, ""));
      if (existsSync(file)) return send(file.endsWith(".svg") ? "image/svg+xml" : file.endsWith(".png") ? "image/png" : file.endsWith(".pdf") ? "application/pdf" : "image/jpeg", readFileSync(file));
    }
    send("text/plain", "not found", 404);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, origin: `http://127.0.0.1:${port}` };
}

async function shoot(origin: string) {
  mkdirSync(join(OUT, "shots"), { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const report: Record<string, unknown> = {};
  const consoleErrors: string[] = [];
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7).split(",");
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(`${page.url()}: ${m.text()}`));
    for (const screen of SCREENS) {
      if (only && !only.includes(screen.name)) continue;
      await page.goto(`${origin}/${screen.name}`, { waitUntil: "networkidle" });
      await loadLazyImages(page);
      await page.screenshot({ path: join(OUT, "shots", `${screen.name}-${width}.png`), fullPage: true });
      await slices(page, `${screen.name}-${width}`, width);
      const overflow = Number(await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"));
      if (overflow > 0) consoleErrors.push(`${screen.name}@${width}: scrolls sideways by ${overflow}px`);
      const axe = await new AxeBuilder({ page }).analyze();
      report[`${screen.name}@${width}`] = axe.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    }
    await interactions(page, origin, width);
    await context.close();
  }
  await browser.close();
  writeFileSync(join(OUT, "axe.json"), JSON.stringify({ report, consoleErrors }, null, 2));
  const total = Object.values(report).reduce((n: number, v) => n + (v as unknown[]).length, 0);
  console.log(`axe violations: ${total}; console errors: ${consoleErrors.length}`);
  for (const [key, list] of Object.entries(report)) if ((list as unknown[]).length) console.log(key, JSON.stringify(list));
  for (const error of consoleErrors) console.log("console:", error);
}

/** Long pages also in readable slices of the full-page capture. */
async function slices(page: import("playwright-core").Page, name: string, width: number) {
  const height = Number(await page.evaluate("document.documentElement.scrollHeight"));
  const step = width < 900 ? 1300 : 1600;
  for (let y = 0, n = 0; y < height; y += step, n++) {
    const clip = { x: 0, y, width, height: Math.min(step, height - y) };
    await page.screenshot({ path: join(OUT, "shots", `${name}.part${n}.png`), fullPage: true, clip });
  }
}

/** Scrolls through the page so lazy images load before the full-page screenshot. */
async function loadLazyImages(page: import("playwright-core").Page) {
  const height = await page.evaluate("document.body.scrollHeight");
  for (let y = 0; y < Number(height); y += 600) await page.mouse.wheel(0, 600);
  await page.waitForLoadState("networkidle");
  await page.evaluate("window.scrollTo(0, 0)");
}

/** The menus opened by keyboard: the phone "Menu" and a desktop submenu. */
async function interactions(page: import("playwright-core").Page, origin: string, width: number) {
  await page.goto(`${origin}/general`, { waitUntil: "networkidle" });
  if (width < 900) {
    await page.focus(".menu-toggle > summary");
    await page.keyboard.press("Enter");
    await page.focus(".primary-nav--mobile details > summary");
    await page.keyboard.press("Enter");
  } else {
    await page.focus(".primary-nav--desktop details > summary");
    await page.keyboard.press("Enter");
  }
  await page.waitForTimeout(300); // let the chevron's transition finish
  await page.screenshot({ path: join(OUT, "shots", `menu-open-${width}.png`) });
}

const pages = await renderAll();
mkdirSync(OUT, { recursive: true });
for (const [path, html] of pages) writeFileSync(join(OUT, `${path.slice(1)}.html`), html);
const { server, origin } = await serve(pages);
if (process.argv.includes("--serve")) {
  console.log(`preview at ${origin}`);
} else {
  await shoot(origin);
  server.close();
}
