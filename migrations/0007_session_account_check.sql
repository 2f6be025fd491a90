-- Sessions re-check their Firebase account at most hourly (services/auth/account-check.ts): a
-- password reset, a disabled or a deleted account ends the sessions signed in before it, even
-- when the change was made outside the site. Seconds since the epoch.
-- When Firebase last vouched for the account: the ID token's issue time at sign-in, then each
-- successful check. Sessions from before this migration are checked at their next request.
ALTER TABLE sessions ADD COLUMN account_checked_at INTEGER NOT NULL DEFAULT 0;
-- The last check that could not reach Firebase (null when the last one did): the session is kept
-- and checked again a few minutes later, not on every request.
ALTER TABLE sessions ADD COLUMN account_check_failed_at INTEGER;
