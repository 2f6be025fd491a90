/**
 * Identity Toolkit's admin account update (`projects/{project}/accounts:update`), with the
 * server's own credential, for what staff do to an account: disabling it so it can sign in no
 * more, and moving its `validSince` to now so every token it already holds is revoked (as
 * firebase-admin's `updateUser({ disabled: true })` and `revokeRefreshTokens` do). Locally the
 * Firebase Auth emulator answers the same call.
 */
import type { AccessTokenSource } from "./service-account-token";

export interface AccountAdmin {
  /** Disables the account and revokes its tokens; an account that no longer exists counts as done. */
  disable(uid: string): Promise<void>;
}

/** Firebase could not do it (unreachable, refused the credential, or answered an error). */
export class AccountAdminError extends Error {
  override readonly name = "AccountAdminError";
}

export function createAccountAdmin(options: {
  /** Base URL of the Identity Toolkit API (the emulator's when set). */
  baseUrl: string;
  projectId: string;
  accessToken: AccessTokenSource;
  now: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): AccountAdmin {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.baseUrl}/projects/${encodeURIComponent(options.projectId)}/accounts:update`;

  return {
    async disable(uid) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${await options.accessToken()}` },
          body: JSON.stringify({ localId: uid, disableUser: true, validSince: String(Math.floor(options.now() / 1000)) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
      } catch (error) {
        throw new AccountAdminError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (response.ok) return;
      const message = ((await response.json().catch(() => null)) as { error?: { message?: unknown } } | null)?.error?.message;
      // Nobody can sign in to an account that is gone: what disabling it was for.
      if (typeof message === "string" && message.startsWith("USER_NOT_FOUND")) return;
      throw new AccountAdminError(`HTTP ${response.status}${typeof message === "string" ? ` ${message}` : ""}`);
    },
  };
}
