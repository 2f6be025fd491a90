/**
 * How the identity service (Firebase Authentication) and ID-token checks fail. Adapters throw
 * these; routes turn them into the messages users read. Never shown to users as they are.
 */
/** A failed Identity Toolkit call, with Firebase's JS SDK code (auth/...), so one message table serves both the Worker's forms and the browser's SDK. */
export class IdentityError extends Error {
  override readonly name = "IdentityError";
  constructor(
    /** A Firebase Auth error code, e.g. `auth/invalid-credential`. */
    readonly code: string,
    /** The REST API's own message, e.g. `INVALID_LOGIN_CREDENTIALS`. */
    readonly restMessage: string,
  ) {
    super(`${code} (${restMessage})`);
  }
}

/** Why a token was refused (never shown to users; logged). */
export class InvalidIdTokenError extends Error {
  override readonly name = "InvalidIdTokenError";
}

/** Google's signing keys could not be had, so no RS256 token can be checked just now. */
export class SigningKeysUnavailableError extends Error {
  override readonly name = "SigningKeysUnavailableError";
}
