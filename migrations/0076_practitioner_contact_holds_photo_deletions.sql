-- Find a practitioner (docs/decisions/0082-practitioner-contact-without-javascript.md).
--
-- A patient's message sent without the bot check's token (no JavaScript) is held here until the
-- patient opens the one-time link e-mailed to them and confirms; only then does it reach the
-- practitioner. `id` is the link's secret (random). A held message that is not confirmed goes at
-- `expires_at` (the daily housekeeping deletes it); one confirmed is deleted as it is delivered.
CREATE TABLE practitioner_contact_holds (
  id TEXT PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES practitioner_listings (id) ON DELETE CASCADE,
  sender_name TEXT NOT NULL,
  sender_email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
-- Messages an address has waiting (its limit), and the housekeeping's expired ones.
CREATE INDEX practitioner_contact_holds_sender ON practitioner_contact_holds (sender_email, expires_at);
CREATE INDEX practitioner_contact_holds_expiry ON practitioner_contact_holds (expires_at);
CREATE INDEX practitioner_contact_holds_listing ON practitioner_contact_holds (listing_id);

-- Photo files in R2 (PRACTITIONER_PHOTOS) that no listing points at any more: written by D1 itself
-- whenever a listing's photo is replaced or removed, or the listing is deleted (an erased account,
-- a merge of two records), in the same transaction as that change, so no path can forget one.
-- The Worker deletes the files named here right after such a change, and the daily job deletes
-- any left behind (a failed R2 call), then the rows.
CREATE TABLE practitioner_photo_deletions (
  photo_key TEXT PRIMARY KEY,
  queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TRIGGER practitioner_photo_replaced AFTER UPDATE OF photo_key ON practitioner_listings
  WHEN OLD.photo_key IS NOT NULL AND (NEW.photo_key IS NULL OR NEW.photo_key <> OLD.photo_key)
BEGIN
  INSERT OR IGNORE INTO practitioner_photo_deletions (photo_key) VALUES (OLD.photo_key);
END;

CREATE TRIGGER practitioner_photo_listing_deleted AFTER DELETE ON practitioner_listings
  WHEN OLD.photo_key IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO practitioner_photo_deletions (photo_key) VALUES (OLD.photo_key);
END;
