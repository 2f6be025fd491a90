/** A link to an auth page (sign in, create an account) that returns to `callbackUrl` afterwards; none for the home page. */
export const withCallbackUrl = (path: string, callbackUrl: string) =>
  callbackUrl === "/" ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
