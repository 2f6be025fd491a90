/**
 * The auth error (status, error code, message) and the messages users read, worded for people
 * rather than codes.
 * Shared by the Worker's no-JavaScript forms and the browser's auth context.
 */
export interface AuthError {
  status: number;
  error: string;
  message: string;
}

/** A failed sign-in's message, whatever the cause (it never says whether the address has an account). */
export const SIGN_IN_FAILED_MESSAGE = "Something went wrong. Please try again later";

/** The password-reset message when nothing more specific applies. */
export const RESET_FALLBACK_MESSAGE = "Something went wrong. Please try again later.";

/** Password-reset messages by Firebase error code. */
export const RESET_MESSAGES: Readonly<Record<string, string>> = {
  "auth/user-not-found": "A user with that email address could not be found.",
  "auth/invalid-email": "Enter a valid e-mail address, like name@example.com.",
  "auth/missing-email": "Enter your e-mail address.",
  "auth/too-many-requests": "Too many attempts. Please wait a few minutes and try again.",
  "auth/network-request-failed": "We could not reach the sign-in service. Check your connection and try again.",
};

export function resetError(code: string): AuthError {
  return { status: 500, error: code, message: RESET_MESSAGES[code] ?? RESET_FALLBACK_MESSAGE };
}

/** A failed sign-in: the result's status and error, with the one sign-in failure message. */
export function signInError(status: number, error: string): AuthError {
  return { status, error, message: SIGN_IN_FAILED_MESSAGE };
}

/** What the sign-in form adds under that message, so a user knows what to do next. */
export const SIGN_IN_HINTS: Readonly<Record<string, string>> = {
  CredentialsSignin: "Check your e-mail address and password.",
  RateLimited: "Too many attempts. Please wait a minute and try again.",
  SessionRequired: "Please sign in to see that page.",
  InvalidRequest: "Enter your e-mail address and password.",
  AccountDisabled: "This account has been disabled. Contact us for help.",
  MissingCSRF: "The sign-in form expired. Reload the page and try again.",
};
