/**
 * Token sync's age limit: tokens older than a fixed age are skipped, so an old token cannot open a
 * new session. The
 * browser skips older ID tokens and the Worker refuses them. Five minutes: the Firebase SDK
 * refreshes ID tokens hourly, so a fresh token always follows an old one.
 */
export const TOKEN_SYNC_MAX_AGE_SECONDS = 5 * 60;
