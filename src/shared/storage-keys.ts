/**
 * Browser storage keys: the pending member's e-mail, the logged-in-previously flag, the
 * shopping cart and the check-ins a phone at an event's door has not yet sent. Shared by the Worker and browser code so both agree on the names.
 */
export const STORAGE_KEYS = {
  pendingMemberEmail: "guildhall.pendingMemberEmail",
  loggedInPreviously: "guildhall.loggedInPreviously",
  cart: "guildhall.cart",
  /** Followed by ".<event id>": the door's check-ins on this phone, kept until they are sent. */
  checkIns: "guildhall.checkIns",
} as const;

/** The cookie that also records a previous sign-in (read by browser code). */
export const LOGGED_IN_PREVIOUSLY_COOKIE = "guildhall_logged_in_previously";

/** Dispatched on window when this tab changes the cart (the `storage` event covers other tabs). */
export const CART_CHANGED_EVENT = "guildhall:cart-changed";

/**
 * Set (seconds since the epoch) when a user signs out on the site. Firebase's browser SDK keeps
 * its own memory of the user; a remembered sign-in older than this is signed out of the SDK too,
 * never synced back into a session.
 */
export const SIGNED_OUT_AT_COOKIE = "guildhall_signed_out_at";
