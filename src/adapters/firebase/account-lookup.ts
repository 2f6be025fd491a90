/**
 * Identity Toolkit's admin account lookup (`projects/{project}/accounts:lookup`), with the
 * server's own credential: is the account still there, is it disabled, and since when are its
 * sign-ins valid (`validSince`: a password reset or a revocation moves it forward), and its
 * address now (a verified change of address happens on Firebase's side). Locally the
 * Firebase Auth emulator answers the same call.
 */
import * as z from "zod";
import type { AccessTokenSource } from "./service-account-token";

export type AccountState =
  | { exists: false }
  | {
      exists: true;
      disabled: boolean;
      /** Sign-ins before this (seconds since the epoch) are no longer valid; null when never set. */
      validSince: number | null;
      /** The account's address (lower case), null if it has none; and whether it is verified. */
      email: string | null;
      emailVerified: boolean;
    };

export type AccountLookup = (uid: string) => Promise<AccountState>;

/** The identity service could not answer (unreachable, refused the credential, or answered nonsense). */
export class AccountLookupError extends Error {
  override readonly name = "AccountLookupError";
}

const LookupResponse = z.object({
  users: z
    .array(
      z.object({
        localId: z.string(),
        disabled: z.boolean().optional(),
        validSince: z.string().regex(/^\d+$/).optional(),
        email: z.string().optional(),
        emailVerified: z.boolean().optional(),
      }),
    )
    .optional(),
});

export function createAccountLookup(options: {
  /** Base URL of the Identity Toolkit API (the emulator's when set). */
  baseUrl: string;
  projectId: string;
  accessToken: AccessTokenSource;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AccountLookup {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.baseUrl}/projects/${encodeURIComponent(options.projectId)}/accounts:lookup`;

  return async function lookupAccount(uid) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${await options.accessToken()}` },
        body: JSON.stringify({ localId: [uid] }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new AccountLookupError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
      throw new AccountLookupError(`HTTP ${response.status}${typeof message === "string" ? ` ${message}` : ""}`);
    }
    const parsed = LookupResponse.safeParse(json);
    if (!parsed.success) throw new AccountLookupError("unreadable lookup answer");
    const user = parsed.data.users?.find((u) => u.localId === uid);
    if (!user) return { exists: false };
    return {
      exists: true,
      disabled: user.disabled === true,
      validSince: user.validSince ? Number(user.validSince) : null,
      email: user.email ? user.email.toLowerCase() : null,
      emailVerified: user.emailVerified === true,
    };
  };
}
