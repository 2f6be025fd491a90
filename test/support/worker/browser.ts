/**
 * A minimal browser for integration tests: keeps cookies, sends Origin on state-changing
 * requests like a real browser, never follows redirects, and comes from its own client address
 * (so rate limits of one test do not leak into another).
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";

let browsers = 0;

/**
 * A documentation-range IPv6 address unique to this browser: the test file's name picks the
 * network (files run side by side and may share rate-limit state), a counter the host.
 */
function nextAddress(): string {
  const file = expect.getState().testPath ?? "";
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193) >>> 0;
  browsers += 1;
  return `2001:db8:${(hash >>> 16).toString(16)}:${(hash & 0xffff).toString(16)}::${browsers.toString(16)}`;
}
import type { Bindings } from "../../../src/env";
import { fetchWith } from "./helpers";

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly address = nextAddress();
  origin = "http://localhost";

  /** `bindings` overrides some of the Worker's configuration for this browser's requests (e.g. STAFF_EMAILS). */
  constructor(private readonly bindings: Partial<Bindings> | null = null) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.address);
    if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const method = (init.method ?? "GET").toUpperCase();
    if (!["GET", "HEAD"].includes(method) && !headers.has("Origin")) headers.set("Origin", this.origin);
    const response = this.bindings
      ? await fetchWith(this.bindings, path, { ...init, headers, redirect: "manual" })
      : await SELF.fetch(`http://localhost${path}`, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
      const [name, ...value] = pair!.split("=");
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join("="));
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.fetch("/api/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Posts a form with this browser's CSRF token added. */
  /** A form post; a list is sent as one field per value, as ticked checkboxes are. */
  async post(path: string, fields: Record<string, string | string[]>, init: RequestInit = {}): Promise<Response> {
    const body = new URLSearchParams({ csrfToken: await this.csrfToken() });
    for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    return this.fetch(path, { method: "POST", body, ...init });
  }

  /** Signs in through the no-JavaScript form; returns the response. */
  signIn(email: string, password: string, callbackUrl = "/"): Promise<Response> {
    return this.post("/api/auth/callback/credentials", { email, password, callbackUrl });
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get("guildhall_session");
  }
}

const emulator = () => `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`;

async function identity<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${method}: ${json.error?.message ?? response.status}`);
  return json;
}

let userCount = 0;

/** A new account in the Firebase Auth emulator (for `email` when given: anyone may sign up with an address that has no account). */
export async function createUser(password = "Correct-horse-battery-1", email = `user-${Date.now()}-${userCount++}@guild.example`): Promise<{ email: string; password: string; uid: string }> {
  const { localId } = await identity<{ localId: string }>("signUp", { email, password, returnSecureToken: true });
  return { email, password, uid: localId };
}

/** A fresh Firebase ID token for the account, as the browser SDK would get. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  return (await identity<{ idToken: string }>("signInWithPassword", { email, password, returnSecureToken: true })).idToken;
}

/** Completes a password reset the way the e-mail's link would, through the emulator's codes. */
export async function completePasswordReset(email: string, newPassword: string): Promise<{ continueUrl: string | null }> {
  const codes = (await (await fetch(`${emulator()}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: { email: string; oobCode: string; oobLink: string; requestType: string }[];
  };
  const code = codes.oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET").at(-1);
  if (!code) throw new Error(`no reset code for ${email}`);
  await identity("resetPassword", { oobCode: code.oobCode, newPassword });
  return { continueUrl: new URL(code.oobLink).searchParams.get("continueUrl") };
}

/** The emulator's out-of-band codes: the links Firebase would have e-mailed. */
export async function oobCodes(): Promise<{ email: string; newEmail?: string; oobCode: string; oobLink: string; requestType: string }[]> {
  const codes = (await (await fetch(`${emulator()}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: { email: string; newEmail?: string; oobCode: string; oobLink: string; requestType: string }[];
  };
  return codes.oobCodes;
}

/**
 * Opens the change-of-address link Firebase sent to `newEmail` the way Firebase's action page
 * does (the address changes then); returns the address the link continues to.
 */
export async function completeEmailChange(oldEmail: string, newEmail: string): Promise<{ continueUrl: string | null }> {
  const code = (await oobCodes()).filter((c) => c.requestType === "VERIFY_AND_CHANGE_EMAIL" && c.email === oldEmail && c.newEmail === newEmail).at(-1);
  if (!code) throw new Error(`no change-of-address code for ${oldEmail} -> ${newEmail}`);
  await identity("update", { oobCode: code.oobCode });
  return { continueUrl: new URL(code.oobLink).searchParams.get("continueUrl") };
}

/** An administrator's call to the emulator (`Bearer owner` is what firebase-admin sends it). */
async function admin(method: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/projects/${env.FIREBASE_PROJECT_ID}/accounts:${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method}: ${response.status} ${await response.text()}`);
}

/** An administrator disables the account (Firebase console, firebase-admin). */
export const disableAccount = (uid: string) => admin("update", { localId: uid, disableUser: true });

/** An administrator deletes the account. */
export const deleteAccount = (uid: string) => admin("delete", { localId: uid });

/** Verifies the account's e-mail address the way its owner would: the emulator's VERIFY_EMAIL code, applied. */
export async function verifyEmail(email: string, password: string): Promise<void> {
  await identity("sendOobCode", { requestType: "VERIFY_EMAIL", idToken: await idTokenFor(email, password) });
  const codes = (await (await fetch(`${emulator()}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes`)).json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = codes.oobCodes.filter((c) => c.email === email && c.requestType === "VERIFY_EMAIL").at(-1);
  if (!code) throw new Error(`no verification code for ${email}`);
  await identity("update", { oobCode: code.oobCode });
}

/** Makes the account an active member (a membership record until `periodEnd`, or open-ended). */
export async function makeMember(user: { uid: string; email: string }, periodEnd: string | null = null): Promise<void> {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3)",
  )
    .bind(user.uid, user.email.toLowerCase(), periodEnd)
    .run();
}
