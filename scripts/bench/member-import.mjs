// The member import's figures: a generated 60,000-row file through POST /staff/members/import on
// the bundled Worker (Miniflare, real local D1, the jobs queue and its consumer as wrangler.toml
// sets them up), signed in as the demo staff account (with its second factor) against the
// Firebase Auth emulator. Measures the dry run of a file with a few bad rows (every problem
// reported, nothing written), the dry run of the clean file, importing that dry run from its
// page, and uploading the same file again for real (which must change nothing). For each: the
// upload request's time, then the time until the import's page shows it finished (the jobs queue
// checking and writing it a chunk at a time), and the most D1 queries one job invocation made.
import { DEMO_ACCOUNTS, FIREBASE_LOCAL_API_KEY, FIREBASE_PROJECT_ID, startAuthEmulator } from "../lib/firebase.mjs";
import { demoSecondFactorSql, localTotpKey, totpCode } from "../lib/staff-totp.mjs";
import { ROOT } from "../lib/worker.mjs";
import { startBenchWorker } from "./worker.mjs";

export const IMPORT_ROWS = 60_000;
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
    /**
     * The response as text. A body the Worker cut off midway (a stream that errored, as an export
     * past its time budget does) is returned as far as it came, with `cutOff` saying why.
     */
    async get(path) {
      const started = performance.now();
      const response = await request(path);
      let body = "";
      let cutOff = null;
      try {
        const decoder = new TextDecoder();
        for await (const chunk of response.body ?? []) body += decoder.decode(chunk, { stream: true });
      } catch (error) {
        cutOff = error?.cause?.message ?? error?.message ?? String(error);
      }
      return { ms: performance.now() - started, status: response.status, body, cutOff };
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
      await response.text();
      return { ms: performance.now() - started, status: response.status, location: response.headers.get("location") };
    },
    /** "Import these members" on a clean dry run's page. */
    async importChecked(path) {
      const body = new URLSearchParams({ csrfToken: await csrf() });
      const started = performance.now();
      const response = await request(`${path}/import`, { method: "POST", body });
      await response.text();
      return { ms: performance.now() - started, status: response.status, location: response.headers.get("location") };
    },
    /** Reads the import's page every half second until it stops reloading itself (the job has finished). */
    async waitForImport(path) {
      for (;;) {
        const response = await request(path);
        const html = await response.text();
        if (response.status !== 200) throw new Error(`bench: ${path} answered ${response.status}`);
        if (!response.headers.get("refresh")) return html;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

const summary = (html) => {
  const problems = /<strong>(\d+) problems? in the file/.exec(html);
  const counts = /(\d+) members: (\d+) (?:to create|created), (\d+) (?:to change|changed), (\d+) unchanged, (\d+) skipped/.exec(html);
  return {
    problems: problems ? Number(problems[1]) : 0,
    ...(counts ? { rows: Number(counts[1]), created: Number(counts[2]), changed: Number(counts[3]), unchanged: Number(counts[4]), skipped: Number(counts[5]) } : {}),
  };
};

/**
 * Starts the emulator and a Worker signed up to it, runs the four imports, stops both.
 * Throws if a run does not do what it should (so the figures are of working runs only).
 */
export async function benchMemberImport({ workerOptions, scriptPath, assetsDir, vars, workerPort, firebasePort, onLog, step = () => {}, rows = IMPORT_ROWS }) {
  /** D1 queries of each job invocation of the import being measured (the Worker's member_import.invocation lines). */
  const invocations = [];
  const watchLog = (entry) => {
    const event = entry.message.startsWith("{") ? JSON.parse(entry.message) : null;
    if (event?.event === "member_import.invocation") invocations.push(event.d1Queries);
    onLog?.(entry);
  };
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
      onLog: watchLog,
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
    const measure = async (id, label, start, expectStatus, check) => {
      step(`member import: ${label}`);
      invocations.length = 0;
      const started = performance.now();
      const request = await start();
      if (request.status !== expectStatus || !request.location) throw new Error(`bench: ${label} answered ${request.status}`);
      const html = await staff.waitForImport(request.location);
      const ms = performance.now() - started;
      const facts = summary(html);
      if (!check(facts)) throw new Error(`bench: ${label} ended ${JSON.stringify(facts)}`);
      runs[id] = { label, requestMs: request.ms, ms, invocations: invocations.length, maxQueries: Math.max(0, ...invocations), path: request.location, ...facts };
    };
    await measure("dryRunWithErrors", `dry run, ${rows} rows, ${bad.length} bad`, () => staff.upload(membersCsv(rows, { bad }), "check"), 303, (f) => f.problems === bad.length);
    await measure("dryRun", `dry run, ${rows} rows`, () => staff.upload(clean, "check"), 303, (f) => f.created === rows);
    await measure("realRun", `import the dry run, ${rows} rows`, () => staff.importChecked(runs.dryRun.path), 303, (f) => f.created === rows);
    await measure("rerun", "upload again for real (idempotent)", () => staff.upload(clean, "import"), 303, (f) => f.unchanged === rows && f.created === 0 && f.changed === 0);
    return { rows, fileBytes: Buffer.byteLength(clean), runs };
  } finally {
    await worker?.dispose().catch(() => undefined);
    await auth.stop();
  }
}
