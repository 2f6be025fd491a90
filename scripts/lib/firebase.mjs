// Starts the Firebase Authentication emulator (real Firebase Auth from firebase-tools, pure
// Node, no Java, nothing downloaded) as a child process, with e-mail enumeration protection on
// as in new production projects and the demo accounts seeded. Used by `npm run dev` and the
// test setup; the helpers below let tests wipe and re-seed accounts and read reset codes.
//
// Nothing phones home: CI=1 skips the CLI's message-of-the-day fetch, NO_UPDATE_NOTIFIER=1 its
// update check, and a private config folder (XDG_CONFIG_HOME) means no `firebase login`, no
// usage-reporting opt-in and no cached state of the developer's own CLI applies. A `demo-`
// project id makes the emulator refuse to call any real Google service.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertPortFree, startProcess, waitForHttp } from "./processes.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIREBASE_BIN = join(ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");
/** The emulator configuration (`firebase.json` at the root); the port is overridden per start. */
const FIREBASE_CONFIG = join(ROOT, "firebase.json");

export const DEV_FIREBASE_PORT = 9099;
export const FIREBASE_HOST = "127.0.0.1";
/** A `demo-` project id: needs no login and can never reach a real project. */
export const FIREBASE_PROJECT_ID = "demo-guildhall";
/** Placeholder web API key (the emulator accepts any non-empty key); same as wrangler.toml. */
export const FIREBASE_LOCAL_API_KEY = "local-emulator-web-api-key";

/**
 * Demo accounts seeded at every start. Local only: these passwords exist nowhere but in the
 * emulator, which forgets everything when it stops. Fixed uids, so local membership data can
 * refer to them across restarts.
 */
export const DEMO_ACCOUNTS = Object.freeze({
  /** Signed in, not a member. */
  user: Object.freeze({ uid: "demo-user", email: "user@guildhall.example", password: "Guildhall-user-1", displayName: "Uma User" }),
  /** Signed in, a member. */
  member: Object.freeze({ uid: "demo-member", email: "member@guildhall.example", password: "Guildhall-member-1", displayName: "Max Member" }),
  /** Signed in, society staff. */
  staff: Object.freeze({ uid: "demo-staff", email: "staff@guildhall.example", password: "Guildhall-staff-1", displayName: "Sam Staff" }),
});

// Everything the CLI needs to stay offline and out of the developer's own Firebase setup.
const OFFLINE_ENV = { CI: "1", NO_UPDATE_NOTIFIER: "1" };
// The emulator treats `Authorization: Bearer owner` as an admin (what firebase-admin sends to it).
const ADMIN = { authorization: "Bearer owner" };

/**
 * Starts `firebase emulators:start --only auth` on `port` and resolves once it answers, with
 * e-mail enumeration protection switched on and DEMO_ACCOUNTS seeded.
 *
 * @param {object} [options]
 * @param {number} [options.port] defaults to DEV_FIREBASE_PORT (9099)
 * @param {string} [options.projectId] defaults to FIREBASE_PROJECT_ID; must start with `demo-`
 * @param {(line: string) => void} [options.log] receives each output line, prefixed `[firebase]`
 * @param {number} [options.timeoutMs] how long to wait for it to answer; generous because a busy
 *   two-core machine (several test runs at once) can take minutes to start the emulator's JVM
 * @returns {Promise<{ url: string, host: string, projectId: string, apiKey: string,
 *   accounts: Record<keyof typeof DEMO_ACCOUNTS, { uid: string, email: string, password: string, displayName: string }>,
 *   stop: () => Promise<void>, proc: object }>}
 */
export async function startAuthEmulator({ port = DEV_FIREBASE_PORT, projectId = FIREBASE_PROJECT_ID, log, timeoutMs = 240_000 } = {}) {
  if (!projectId.startsWith("demo-")) {
    throw new Error(`startAuthEmulator: the project id must start with "demo-" (got "${projectId}"), so nothing can reach a real project.`);
  }
  await assertPortFree(port, FIREBASE_HOST, "the Firebase Auth emulator");

  // A private folder per start: the generated firebase.json, the CLI's config store, its debug
  // log and the emulator hub's locator file (which would otherwise be shared by every emulator
  // of the same project id in the system temp folder) all live and die with this emulator.
  const dir = mkdtempSync(join(tmpdir(), "guildhall-firebase-"));
  const config = JSON.parse(readFileSync(FIREBASE_CONFIG, "utf8"));
  // The hub and the logging emulator always come along; give them free ports of their own, so
  // they never collide with another emulator (default 4400/4500) or a concurrent test run.
  const [hubPort, loggingPort] = await Promise.all([freePort(), freePort()]);
  config.emulators = {
    ...config.emulators,
    auth: { ...config.emulators?.auth, host: FIREBASE_HOST, port },
    hub: { host: FIREBASE_HOST, port: hubPort },
    logging: { host: FIREBASE_HOST, port: loggingPort },
  };
  const configFile = join(dir, "firebase.json");
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

  const env = { ...OFFLINE_ENV, XDG_CONFIG_HOME: join(dir, "config"), TMPDIR: dir };
  const args = [FIREBASE_BIN, "emulators:start", "--only", "auth", "--project", projectId, "--config", configFile];
  const proc = startProcess("firebase", process.execPath, args, { cwd: dir, env, log });
  const stop = async () => {
    await proc.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  const host = `${FIREBASE_HOST}:${port}`;
  const url = `http://${host}`;
  try {
    await waitForHttp(`${url}/emulator/v1/projects/${projectId}/config`, { proc, timeoutMs });
    await enableEmailEnumerationProtection({ url, projectId });
    const accounts = await seedAccounts({ url, projectId });
    return { url, host, projectId, apiKey: FIREBASE_LOCAL_API_KEY, accounts, stop, proc };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * E-mail enumeration protection, as new production projects have it: a wrong password and an
 * unknown e-mail both fail with INVALID_LOGIN_CREDENTIALS, and a reset for an unknown e-mail
 * succeeds silently. Survives clearAccounts().
 */
export async function enableEmailEnumerationProtection({ url, projectId = FIREBASE_PROJECT_ID }) {
  await call("PATCH", `${url}/emulator/v1/projects/${projectId}/config`, { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } });
}

/**
 * Creates `accounts` (default DEMO_ACCOUNTS) with their fixed uids, e-mail verified, replacing
 * any account that has the same uid or e-mail (so passwords changed by a test are reset).
 * Idempotent: safe after clearAccounts() or not. `seedAccounts(emulator)` re-seeds what
 * startAuthEmulator seeded.
 * @returns {Promise<Record<string, { uid: string, email: string, password: string, displayName: string }>>}
 */
export async function seedAccounts({ url, projectId = FIREBASE_PROJECT_ID, accounts = DEMO_ACCOUNTS }) {
  const api = `${url}/identitytoolkit.googleapis.com/v1`;
  const entries = Object.entries(accounts);
  for (const [key, account] of entries) {
    if (!account.uid || !account.email || !account.password) throw new Error(`seedAccounts: account "${key}" needs a uid, an email and a password.`);
  }
  const { users = [] } = await call("POST", `${api}/projects/${projectId}/accounts:lookup`, {
    localId: entries.map(([, account]) => account.uid),
    email: entries.map(([, account]) => account.email),
  });
  for (const user of users) {
    await call("POST", `${api}/projects/${projectId}/accounts:delete`, { localId: user.localId });
  }
  const seeded = {};
  for (const [key, account] of entries) {
    // accounts:signUp as an admin takes the uid, display name and verified flag in one call.
    const created = await call("POST", `${api}/accounts:signUp?key=${FIREBASE_LOCAL_API_KEY}`, {
      localId: account.uid,
      email: account.email,
      password: account.password,
      displayName: account.displayName,
      emailVerified: true,
    });
    seeded[key] = { uid: created.localId, email: account.email, password: account.password, displayName: account.displayName };
  }
  return seeded;
}

/** Deletes every account in the project (the project's config, e.g. enumeration protection, stays). */
export async function clearAccounts({ url, projectId = FIREBASE_PROJECT_ID }) {
  await call("DELETE", `${url}/emulator/v1/projects/${projectId}/accounts`);
}

/**
 * The out-of-band codes the emulator has "sent" (password reset, e-mail verification…), oldest
 * first: `{ email, requestType, oobCode, oobLink }`; `oobLink` carries the continueUrl.
 * @returns {Promise<Array<{ email: string, requestType: string, oobCode: string, oobLink: string }>>}
 */
export async function listOobCodes({ url, projectId = FIREBASE_PROJECT_ID }) {
  const { oobCodes = [] } = await call("GET", `${url}/emulator/v1/projects/${projectId}/oobCodes`);
  return oobCodes;
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { ...ADMIN, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`Firebase Auth emulator: ${method} ${url.replace(/\?.*$/, "")} answered ${response.status}: ${text}`);
  }
  return text ? JSON.parse(text) : {};
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, FIREBASE_HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
