// `npm run screenshots`: the pictures in README.md and docs/*.md, taken from the running site.
// Starts its own stack (Strapi with the demo content on a throwaway database, the Firebase Auth
// emulator with the demo accounts, wrangler dev with its own D1), seeds a few applicants and
// members beside the demo ones, then drives Chromium as a visitor, the demo member and the demo
// staff account (password, then the second factor with the demo key, as the browser tests do).
// Staff record one applicant's bank transfer on the way, so the ledger and the register have
// something in them. Each picture is 1,000 px wide, at most 1,400 px tall, reduced to a palette
// PNG by sharp (which comes with the CMS's dependencies) and written to docs/images/.
//
// Options: --only=name,name (just those pictures), --port-offset=N (or SCREENSHOTS_PORT_OFFSET):
// shifts the CMS (1395), emulator (9295) and Worker (8895) ports, for a run beside another stack.
// Offline like the browser tests: Chromium resolves no host but loopback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./lib/chromium.mjs";
import { DEV_CMS_TOKEN, startCms } from "./lib/cms.mjs";
import { demoCpdSql } from "./lib/demo-cpd.mjs";
import { DEMO_ACCOUNTS, FIREBASE_LOCAL_API_KEY, startAuthEmulator } from "./lib/firebase.mjs";
import { demoSecondFactorSql, localTotpKey, totpCode } from "./lib/staff-totp.mjs";
import { ROOT, startWorker } from "./lib/worker.mjs";

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const offset = Number(option("port-offset") ?? process.env.SCREENSHOTS_PORT_OFFSET ?? 0);
const only = option("only")?.split(",");
const PORTS = { cms: 1395 + offset, auth: 9295 + offset, worker: 8895 + offset };
const OUT_DIR = join(ROOT, "docs", "images");
const WIDTH = 1000;
const MAX_HEIGHT = 1400;

// sharp is a dependency of the CMS (Strapi resizes uploads with it), not of the site.
const sharp = createRequire(join(ROOT, "cms", "package.json"))("sharp");

/** A join application's details as the join form stores them. */
const details = (town, registrationNumber) =>
  JSON.stringify({
    phone: "01632 960 123",
    address: { line1: "2 Example Road", line2: null, town, region: null, postcode: "EX2 3MP", country: "United Kingdom", countryCode: "GB" },
    professional: { registrationNumber, specialisation: "Musculoskeletal", workplace: `${town} Clinic`, yearQualified: 2015, placeOfStudy: null },
    declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:15:00.000Z" },
  });

const APPLICANT = { id: "shot-priya", uid: "shot-priya", reference: "GH-PRYA2026", email: "priya.patel@example.org", given: "Priya", family: "Patel" };

/** Two applicants awaiting a bank transfer, and members in each state of the year. */
function seedSql(accounts) {
  const application = (a, slug, title, pence, daysAgo) =>
    `INSERT OR REPLACE INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, created_at) VALUES ('${a.id}', '${a.id}', '${a.reference}', '${a.uid}', '${a.email}', '${a.given}', '${a.family}', '${slug}', '${title}', 'offline', ${pence}, 'awaiting_payment', '${details("Sampleton", "PH654321")}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${daysAgo} days'))`;
  const awaiting = (a, slug, title) =>
    `INSERT OR REPLACE INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method) VALUES ('${a.uid}', '${a.email}', '${a.id}', '${slug}', '${title}', 'awaiting_payment', 'offline')`;
  const member = (uid, name, email, periodEnd) =>
    `INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end, member_name) VALUES ('${uid}', '${email}', 'full-member', 'Full member', 'active', 'offline', date('now', '${periodEnd}', '-1 year'), date('now', '${periodEnd}'), '${name}')`;
  const tom = { id: "shot-tom", uid: "shot-tom", reference: "GH-TOMK2026", email: "tom.okafor@example.org", given: "Tom", family: "Okafor" };
  const demoDetails = JSON.stringify({
    phone: "01632 960 001",
    address: { line1: "1 Example Street", line2: null, town: "Sampleton", region: null, postcode: "EX1 2MP", country: "United Kingdom", countryCode: "GB" },
    professional: { registrationNumber: "PH123456", specialisation: "Musculoskeletal", workplace: "Sampleton Clinic", yearQualified: 2012, placeOfStudy: null },
    declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:15:00.000Z" },
  });
  return [
    // The demo member, as `npm run dev` seeds them.
    `INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('${accounts.member.uid}', '${accounts.member.email}', 'full-member', 'Full member', 'active', 'offline', date('now', '-1 month'), date('now', '+11 months'))`,
    `INSERT OR IGNORE INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, created_at) VALUES ('demo-member-join', 'demo-member-join', 'GH-DEMO0001', '${accounts.member.uid}', '${accounts.member.email}', 'Demo', 'Member', 'full-member', 'Full member', 'offline', 22000, 'paid', '${demoDetails}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 month'))`,
    demoCpdSql({ uid: accounts.member.uid, name: "Demo Member" }),
    demoSecondFactorSql(accounts.staff.email, localTotpKey(ROOT)),
    application(APPLICANT, "full-member", "Full member", 22000, 3),
    awaiting(APPLICANT, "full-member", "Full member"),
    application(tom, "associate", "Associate", 9000, 1),
    awaiting(tom, "associate", "Associate"),
    member("shot-ada", "Ada Lovelace", "ada@example.org", "+12 days"),
    member("shot-grace", "Grace Hopper", "grace@example.org", "-9 days"),
    member("shot-alan", "Alan Turing", "alan@example.org", "-45 days"),
  ].join(";\n");
}

/** Each picture: who looks, where, and what they do first. */
const SHOTS = [
  { name: "home", as: "visitor", path: "/" },
  { name: "member-membership", as: "member", path: "/user/membership" },
  { name: "staff-verify", as: "staff-before-code", path: "/staff/verify" },
  { name: "staff-applications", as: "staff", path: "/staff/applications" },
  {
    name: "staff-record-payment",
    as: "staff",
    path: `/staff/applications/${APPLICANT.id}`,
    focus: "#record-payment-title",
    async before(page) {
      await page.getByLabel("Amount received, in pounds").fill("220");
      await page.getByLabel("Date received").fill(new Date().toISOString().slice(0, 10));
      await page.getByLabel("Payment reference").fill(`BANK ${APPLICANT.reference}`);
    },
  },
  {
    name: "staff-payment-recorded",
    as: "staff",
    path: `/staff/applications/${APPLICANT.id}`,
    async before(page) {
      if ((await page.getByRole("button", { name: "Record payment" }).count()) === 0) return;
      await page.getByLabel("Amount received, in pounds").fill("220");
      await page.getByLabel("Date received").fill(new Date().toISOString().slice(0, 10));
      await page.getByLabel("Payment reference").fill(`BANK ${APPLICANT.reference}`);
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Record payment" }).click()]);
    },
  },
  { name: "staff-members", as: "staff", path: "/staff/members" },
  { name: "staff-member", as: "staff", path: `/staff/members/${APPLICANT.uid}` },
  {
    name: "staff-refund",
    as: "staff",
    path: `/staff/applications/${APPLICANT.id}`,
    async before(page) {
      const refund = page.locator('a[href^="/staff/payments/"]').first();
      await Promise.all([page.waitForNavigation(), refund.click()]);
    },
  },
  { name: "staff-finance", as: "staff", path: "/staff/finance" },
  { name: "staff-vat", as: "staff", path: "/staff/finance/vat" },
  { name: "staff-dashboard", as: "staff", path: "/staff/dashboard" },
  { name: "staff-import", as: "staff", path: "/staff/members/import" },
  { name: "staff-emails", as: "staff", path: "/staff/emails" },
  { name: "staff-team", as: "staff", path: "/staff/team" },
];

const running = [];
let tempDir;
async function stopAll() {
  for (const service of running.reverse()) await service.stop().catch(() => undefined);
  running.length = 0;
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll().then(() => process.exit(130)));

/** Waits until React has revealed every streamed boundary (as the browser tests' `settle`). */
async function settle(page) {
  await page.waitForLoadState("load");
  for (let i = 0; i < 200 && (await page.locator('template[id^="B:"], div[hidden][id^="S:"]').count()) > 0; i++) await page.waitForTimeout(50);
}

async function signIn(page, siteUrl, account, callbackUrl) {
  await page.goto(`${siteUrl}/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== "/login", { timeout: 15_000 }),
    page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click(),
  ]);
  await settle(page);
}

async function passSecondFactor(page) {
  await page.getByLabel("Code", { exact: true }).fill(await totpCode());
  await Promise.all([page.waitForURL((url) => url.pathname !== "/staff/verify", { timeout: 15_000 }), page.getByRole("button", { name: "Continue" }).click()]);
  await settle(page);
}

async function save(page, name, focus) {
  if (focus) await page.locator(focus).scrollIntoViewIfNeeded();
  const top = focus ? Math.max(0, (await page.locator(focus).boundingBox()).y + (await page.evaluate(() => window.scrollY)) - 120) : 0;
  // Down to the end of the page's own content: the site's footer is the same on every page.
  const bottom = await page.evaluate(() => {
    const main = document.querySelector("main")?.getBoundingClientRect();
    return main ? main.bottom + window.scrollY + 24 : document.documentElement.scrollHeight;
  });
  const height = Math.min(MAX_HEIGHT, Math.ceil(bottom) - top);
  const raw = await page.screenshot({ fullPage: true, clip: { x: 0, y: top, width: WIDTH, height } });
  const png = await sharp(raw).png({ palette: true, quality: 85, colours: 128, compressionLevel: 9, effort: 10 }).toBuffer();
  writeFileSync(join(OUT_DIR, `${name}.png`), png);
  console.log(`  docs/images/${name}.png  ${Math.round(png.length / 1024)} KiB`);
}

let exitCode = 0;
try {
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  tempDir = mkdtempSync(join(tmpdir(), "guildhall-screenshots-"));
  console.log(`Starting the CMS (${PORTS.cms}), the Firebase Auth emulator (${PORTS.auth}) and the Worker (${PORTS.worker})…`);
  const [cms, auth] = await Promise.all([
    startCms({ port: PORTS.cms, dbFile: join(tempDir, "cms.db"), apiToken: DEV_CMS_TOKEN, log: () => undefined }).then((s) => (running.push(s), s)),
    startAuthEmulator({ port: PORTS.auth, log: () => undefined }).then((s) => (running.push(s), s)),
  ]);
  const siteUrl = `http://127.0.0.1:${PORTS.worker}`;
  const worker = await startWorker({
    port: PORTS.worker,
    host: "127.0.0.1",
    persistTo: join(tempDir, "worker-state"),
    vars: {
      ENVIRONMENT: "development",
      CMS_URL: cms.url,
      CMS_TOKEN: DEV_CMS_TOKEN,
      SITE_URL: siteUrl,
      FIREBASE_PROJECT_ID: auth.projectId,
      FIREBASE_API_KEY: FIREBASE_LOCAL_API_KEY,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    },
    seedSql: seedSql(auth.accounts),
    log: () => undefined,
  });
  running.push(worker);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  running.push({ stop: () => browser.close() });
  mkdirSync(OUT_DIR, { recursive: true });
  const contexts = new Map();
  /** One browser context per viewer, signed in once. */
  async function pageFor(viewer) {
    if (contexts.has(viewer)) return contexts.get(viewer);
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 800 }, deviceScaleFactor: 1 });
    await context.route((url) => !["127.0.0.1", "localhost"].includes(url.hostname), (route) => route.abort());
    const page = await context.newPage();
    if (viewer === "member") await signIn(page, siteUrl, DEMO_ACCOUNTS.member, "/user/membership");
    if (viewer === "staff" || viewer === "staff-before-code") await signIn(page, siteUrl, DEMO_ACCOUNTS.staff, "/staff/applications");
    if (viewer === "staff") await passSecondFactor(page);
    contexts.set(viewer, page);
    return page;
  }

  for (const shot of SHOTS) {
    if (only && !only.includes(shot.name)) continue;
    const page = await pageFor(shot.as);
    if (shot.as !== "staff-before-code") {
      await page.goto(`${siteUrl}${shot.path}`);
      await settle(page);
    }
    if (shot.before) {
      await shot.before(page);
      await settle(page);
    }
    await save(page, shot.name, shot.focus);
  }
} catch (error) {
  exitCode = 1;
  console.error(`\nScreenshots failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
