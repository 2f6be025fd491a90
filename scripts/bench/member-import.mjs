// The member import's figures: a generated 5,000-row file through POST /staff/members/import on
// the bundled Worker (Miniflare, real local D1), signed in as the demo staff account against the
// Firebase Auth emulator. Measures the dry run of a file with a few bad rows (every problem
// reported, nothing written), the dry run of the clean file, the real run, and the same real run
// again (which must change nothing). Wall time per request, as staff would wait for it.
import { DEMO_ACCOUNTS, FIREBASE_LOCAL_API_KEY, FIREBASE_PROJECT_ID, startAuthEmulator } from "../lib/firebase.mjs";
import { demoSecondFactorSql, localTotpKey, totpCode } from "../lib/staff-totp.mjs";
import { ROOT } from "../lib/worker.mjs";
import { startBenchWorker } from "./worker.mjs";

export const IMPORT_ROWS = 5_000;
const COLUMNS = ["email", "name", "membership_type", "status", "period_start", "period_end", "member_number", "address", "payment_method", "consents"];

/** A members file of `rows` members (half with their own numbers); `bad` rows get a broken date or type. */
export function membersCsv(rows, { bad = [] } = {}) {
  const lines = [COLUMNS.join(",")];
  for (let i = 1; i <= rows; i++) {
    const broken = bad.includes(i);
    lines.push(
      [
        `member${i}@bench.example`,
        `"Member ${i}, Bench"`,
        broken && i % 2 ? "Platinum member" : i % 3 ? "Full member" : "associate",
        i % 10 === 0 ? "lapsed" : "active",
        "2026-01-01",
        broken && !(i % 2) ? "2026-02-30" : i % 10 === 0 ? "2026-06-30" : "2099-12-31",
        i % 2 ? String(100_000 + i) : "",
        `"${i} Bench Street\nSampleton"`,
        i % 4 ? "offline" : "card",
        i % 5 ? "newsletter;directory" : "",
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A tiny cookie-keeping client for one session (staff or member). */
export function staffClient(origin) {
  const cookies = new Map();
  const request = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.method === "POST") headers.set("Origin", origin);
    const response = await fetch(`${origin}${path}`, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      cookies.set(name.trim(), value.join("="));
    }
    return response;
  };
  const csrf = async () => (await (await request("/api/auth/csrf")).json()).csrfToken;
  return {
    async signIn({ email, password }) {
      const body = new URLSearchParams({ csrfToken: await csrf(), email, password, callbackUrl: "/" });
      const response = await request("/api/auth/callback/credentials", { method: "POST", body });
      if (response.status !== 303 || !cookies.has("guildhall_session")) throw new Error(`bench: staff sign-in failed (${response.status})`);
    },
    /** GET `path` in this session, its body read (and timed from the request to the last byte). */
    async get(path) {
      const started = performance.now();
      const response = await request(path);
      const body = await response.text();
      return { ms: performance.now() - started, status: response.status, body };
    },
    /** Passes /staff/verify with the demo key's current code (every staff page but that one needs it). */
    async passSecondFactor() {
      const body = new URLSearchParams({ csrfToken: await csrf(), code: await totpCode(), callbackUrl: "/staff/members/import" });
      const response = await request("/staff/verify", { method: "POST", body });
      const location = response.headers.get("location") ?? "";
      if (response.status !== 303 || location.includes("/staff/verify")) throw new Error(`bench: the staff second factor was refused (${response.status})`);
    },
    async upload(csv, mode) {
      const form = new FormData();
      form.set("csrfToken", await csrf());
      form.set("mode", mode);
      form.set("file", new Blob([csv], { type: "text/csv" }), "members.csv");
      const started = performance.now();
      const response = await request("/staff/members/import", { method: "POST", body: form });
      const html = await response.text();
      return { ms: performance.now() - started, status: response.status, html };
    },
  };
}

const summary = (html) => {
  const problems = /<strong>(\d+)<!-- --> problem/.exec(html);
  const counts = /(\d+) members: (\d+) (?:to create|created), (\d+) (?:to change|changed), (\d+) unchanged, (\d+) skipped/.exec(html);
  return {
    problems: problems ? Number(problems[1]) : 0,
    ...(counts ? { rows: Number(counts[1]), created: Number(counts[2]), changed: Number(counts[3]), unchanged: Number(counts[4]), skipped: Number(counts[5]) } : {}),
  };
};

/**
 * Starts the emulator and a Worker signed up to it, runs the four requests, stops both.
 * Throws if a run does not do what it should (so the figures are of working runs only).
 */
export async function benchMemberImport({ workerOptions, scriptPath, assetsDir, vars, workerPort, firebasePort, onLog, step = () => {}, rows = IMPORT_ROWS }) {
  step(`member import: starting the Firebase Auth emulator on port ${firebasePort}`);
  // A busy machine (a CI runner, a shared box) can take minutes to start it.
  const auth = await startAuthEmulator({ port: firebasePort, log: () => {}, timeoutMs: 300_000 });
  let worker;
  try {
    step(`member import: starting the Worker on port ${workerPort}`);
    worker = await startBenchWorker({
      workerOptions,
      scriptPath,
      assetsDir,
      port: workerPort,
      vars: {
        ...vars,
        SITE_URL: `http://127.0.0.1:${workerPort}`,
        FIREBASE_AUTH_EMULATOR_HOST: auth.host,
        FIREBASE_PROJECT_ID,
        FIREBASE_API_KEY: FIREBASE_LOCAL_API_KEY,
        STAFF_EMAILS: DEMO_ACCOUNTS.staff.email,
      },
      onLog,
    });
    // The demo staff account's second factor, as `npm run dev` seeds it: staff pages need it passed.
    const db = await worker.mf.getD1Database("DB");
    await db.prepare(demoSecondFactorSql(DEMO_ACCOUNTS.staff.email, vars.STAFF_TOTP_KEY ?? localTotpKey(ROOT))).run();
    const staff = staffClient(worker.url);
    await staff.signIn(DEMO_ACCOUNTS.staff);
    await staff.passSecondFactor();
    // Three bad rows spread through the file (near its start, middle and end).
    const bad = [...new Set([Math.min(17, rows), Math.ceil(rows * 0.44), rows - 1].filter((row) => row >= 1))];
    const clean = membersCsv(rows);
    const runs = {};
    const run = async (id, label, csv, mode, expectStatus, check) => {
      step(`member import: ${label}`);
      const result = await staff.upload(csv, mode);
      const facts = summary(result.html);
      if (result.status !== expectStatus || !check(facts)) throw new Error(`bench: ${label} answered ${result.status} ${JSON.stringify(facts)}`);
      runs[id] = { label, ms: result.ms, status: result.status, ...facts };
    };
    await run("dryRunWithErrors", `dry run, ${rows} rows, ${bad.length} bad`, membersCsv(rows, { bad }), "check", 422, (f) => f.problems === bad.length);
    await run("dryRun", `dry run, ${rows} rows`, clean, "check", 200, (f) => f.created === rows);
    await run("realRun", `real run, ${rows} rows`, clean, "import", 200, (f) => f.created === rows);
    await run("rerun", `real run again (idempotent)`, clean, "import", 200, (f) => f.unchanged === rows && f.created === 0 && f.changed === 0);
    return { rows, fileBytes: Buffer.byteLength(clean), runs };
  } finally {
    await worker?.dispose().catch(() => undefined);
    await auth.stop();
  }
}
