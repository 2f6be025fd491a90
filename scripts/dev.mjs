// `npm run dev`: the whole local stack in one command, stopped cleanly with Ctrl-C.
//   CMS     Strapi 5 from cms/ on http://127.0.0.1:1337 (SQLite in cms/.tmp, demo content
//           seeded on first start), its webhook purging the Worker's cache on every publish;
//   Auth    the Firebase Authentication emulator on http://127.0.0.1:9099 (project
//           demo-guildhall, e-mail enumeration protection on, demo accounts seeded at every
//           start, nothing kept between runs);
//   Worker  wrangler dev on http://localhost:8787 with local KV and D1 (migrations applied),
//           state kept in .wrangler/state; on a fresh state, a demo society of 3,000 members
//           with three years of history is seeded once (scripts/lib/demo-society.mjs;
//           `--society-members <n>` for another size, 0 for none).
// `npm run dev -- --admin` also serves the Strapi admin panel (built by `npm run cms:admin`) with
// its "Open preview" button leading to this Worker's draft preview.
import { join } from "node:path";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { DEV_CMS_PORT, startCms } from "./lib/cms.mjs";
import { demoCpdSql } from "./lib/demo-cpd.mjs";
import { demoEventsSql } from "./lib/demo-events.mjs";
import { seedDemoSocietyOnce } from "./lib/demo-society-seed.mjs";
import { readDevVars } from "./lib/dev-vars.mjs";
import { DEV_FIREBASE_PORT, FIREBASE_LOCAL_API_KEY, startAuthEmulator } from "./lib/firebase.mjs";
import { demoSecondFactorSql, localTotpKey } from "./lib/staff-totp.mjs";

/** What the demo member gave when joining (the join form's fields as an application stores them). */
const DEMO_MEMBER_DETAILS = JSON.stringify({
  phone: "01632 960 001",
  address: { line1: "1 Example Street", line2: null, town: "Sampleton", region: null, postcode: "EX1 2MP", country: "United Kingdom", countryCode: "GB" },
  professional: { registrationNumber: "PH123456", specialisation: "Musculoskeletal", workplace: "Sampleton Clinic", yearQualified: 2012, placeOfStudy: null },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:15:00.000Z" },
});
import { ROOT, startWorker } from "./lib/worker.mjs";

const WORKER_PORT = 8787;
const withAdmin = process.argv.includes("--admin");
const societyArg = process.argv.indexOf("--society-members");
const societyMembers = societyArg === -1 ? 3_000 : Number(process.argv[societyArg + 1]);
if (!Number.isInteger(societyMembers) || societyMembers < 0) {
  console.error("--society-members needs a whole number of members (0: no demo society).");
  process.exit(2);
}
const started = Date.now();
const running = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the local stack…");
  for (const service of running.reverse()) {
    await service.stop().catch((error) => console.error(`Could not stop a service: ${error.message}`));
  }
  process.exit(code);
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

try {
  const secrets = readDevVars(ROOT);
  await buildClient();
  await buildWorkerModules();
  console.log("Starting the CMS (Strapi) and the Firebase Auth emulator…");
  const [cmsStart, authStart] = await Promise.allSettled([
    startCms({
      port: DEV_CMS_PORT,
      dbFile: join(ROOT, "cms", ".tmp", "data.db"),
      purgeUrl: `http://127.0.0.1:${WORKER_PORT}/api/cache/purge`,
      purgeSecret: secrets.CACHE_PURGE_SECRET,
      apiToken: secrets.CMS_TOKEN,
      serveAdmin: withAdmin,
      preview: secrets.PREVIEW_SECRET ? { siteUrl: `http://localhost:${WORKER_PORT}`, secret: secrets.PREVIEW_SECRET } : undefined,
    }),
    startAuthEmulator({ port: DEV_FIREBASE_PORT }),
  ]);
  // Whichever started is stopped with the rest if the other did not.
  for (const result of [authStart, cmsStart]) if (result.status === "fulfilled") running.push(result.value);
  for (const result of [cmsStart, authStart]) if (result.status === "rejected") throw result.reason;
  const cms = cmsStart.value;
  const auth = authStart.value;
  auth.proc.exited.then(() => !stopping && (console.error("The Firebase Auth emulator stopped unexpectedly."), stopAll(1)));

  // The course sold out with a waiting list, and the past online workshop's attendance with the
  // demo member's CPD entry and certificate (scripts/lib/demo-events.mjs); null if the CMS cannot say.
  const demoEvents = await demoEventsSql({
    cmsUrl: cms.url,
    token: secrets.CMS_TOKEN,
    member: { uid: auth.accounts.member.uid, email: auth.accounts.member.email, name: "Demo Member" },
  });

  console.log("Starting the Worker (wrangler dev, local KV and D1)…");
  const worker = await startWorker({
    port: WORKER_PORT,
    host: "127.0.0.1",
    vars: {
      CMS_URL: cms.url,
      FIREBASE_PROJECT_ID: auth.projectId,
      FIREBASE_API_KEY: FIREBASE_LOCAL_API_KEY,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      ...(secrets.PREVIEW_SECRET ? { PREVIEW_SECRET: secrets.PREVIEW_SECRET } : {}),
    },
    // The demo member is a member (the membership source the access tiers read), with the join
    // application their details come from (/user/profile; kept as edited across restarts), and a
    // CPD log with two entries and a certificate (scripts/lib/demo-cpd.mjs); the demo staff account has its
    // second factor set up with the demo key (`npm run staff:code` prints its code).
    seedSql: [
      `INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('${auth.accounts.member.uid}', '${auth.accounts.member.email}', 'full-member', 'Full member', 'active', 'offline', date('now', '-1 month'), date('now', '+11 months'))`,
      `INSERT OR IGNORE INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, created_at) VALUES ('demo-member-join', 'demo-member-join', 'GH-DEMO0001', '${auth.accounts.member.uid}', '${auth.accounts.member.email}', 'Demo', 'Member', 'full-member', 'Full member', 'offline', 22000, 'paid', '${DEMO_MEMBER_DETAILS}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 month'))`,
      demoCpdSql({ uid: auth.accounts.member.uid, name: "Demo Member" }),
      demoSecondFactorSql(auth.accounts.staff.email, secrets.STAFF_TOTP_KEY ?? localTotpKey(ROOT)),
      ...(demoEvents ? [demoEvents] : []),
    ].join(";\n"),
    // The register, dashboard, ledger and VAT summary show a society's worth of records: seeded
    // once, on a fresh state (later starts find it and leave it as it is).
    seed: () => seedDemoSocietyOnce({ members: societyMembers, log: (line) => console.log(line) }),
  });
  running.push(worker);
  worker.proc.exited.then(() => !stopping && (console.error("The Worker stopped unexpectedly."), stopAll(1)));

  console.log(`
  Guildhall is running (ready in ${Math.round((Date.now() - started) / 1000)} s)
    Site        http://localhost:${WORKER_PORT}
    CMS API     ${cms.url}/graphql   (admin panel: ${withAdmin ? `${cms.url}/admin, "Open preview" shows drafts here` : "npm run cms:admin, or npm run dev -- --admin"})
    Auth        ${auth.url}   (Firebase Auth emulator, project ${auth.projectId})
    Demo accounts (local only, re-created at every start):
${Object.entries(auth.accounts)
  .map(([role, account]) => `      ${role.padEnd(8)}${account.email.padEnd(28)}${account.password}`)
  .join("\n")}
    CPD log     http://localhost:${WORKER_PORT}/user/cpd   (the demo member's entries: a webinar, the online workshop's verified attendance, their own course)
    Society     http://localhost:${WORKER_PORT}/staff/members   (${societyMembers ? "a demo society's records and three years of money, seeded on a fresh state" : "no demo society (--society-members 0)"}; sign in as staff)
    Mailbox     http://localhost:${WORKER_PORT}/dev/mailbox   (every e-mail the site writes; none leaves this machine)
    Firebase's links  ${auth.url}/emulator/v1/projects/${auth.projectId}/oobCodes   (verify, reset and change-of-address links Firebase would e-mail)
    E-mail sweep  curl "http://localhost:${WORKER_PORT}/__scheduled?cron=*/10+*+*+*+*"   (sends anything due)
  Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error(`\nThe local stack could not start:\n${error instanceof Error ? error.message : error}`);
  await stopAll(1);
}
