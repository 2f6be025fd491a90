/**
 * What /user/practice says about a listing's photo, shared by the form and the checks
 * (services/practitioners/photo-file.ts).
 */

/** Enough for a sharp head-and-shoulders photo from a phone, small enough to send on a phone. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MAX_LABEL = "2 MB";

/** What the file picker offers (the server checks the content whatever is chosen). */
export const PHOTO_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";
