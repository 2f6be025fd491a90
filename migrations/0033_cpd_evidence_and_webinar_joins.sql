-- What a CPD certificate may claim, and when a webinar's join link was handed out (issue 23).
--
-- `attendance` on a webinar entry records how the Worker saw the attendance: the member pressed
-- Join while the live session was running ('joined-live'), or opened the recording's page
-- ('opened-recording'). Entries written before this migration, and manual ones, have none.
-- A certificate copies it as `evidence`, so the public check says what the society verified and
-- no more; a certificate without it reads "declared by the member".
ALTER TABLE cpd_entries ADD COLUMN attendance TEXT CHECK (attendance IN ('joined-live', 'opened-recording'));

ALTER TABLE cpd_certificates ADD COLUMN evidence TEXT CHECK (evidence IN ('joined-live', 'opened-recording'));

-- The webinar (its CMS id, as in `entitlements`) a certificate was issued for, so that taking an
-- order's webinars back (a refund, the buyer's cancellation, a lost dispute) revokes the
-- certificates resting on them in the same batch. Certificates issued before this migration have
-- none: they can only be revoked by staff.
ALTER TABLE cpd_certificates ADD COLUMN webinar_id TEXT;
CREATE INDEX cpd_certificates_by_webinar ON cpd_certificates (user_id, webinar_id) WHERE webinar_id IS NOT NULL;

-- Every user who was handed a webinar's join link (Join pressed from an hour before the start),
-- once, with the first time. Once it is handed out the webinar counts as used, so the buyer's
-- 14-day cancellation for a refund closes; a member cannot reopen it by deleting a CPD entry.
CREATE TABLE webinar_joins (
  user_id TEXT NOT NULL,
  webinar_id TEXT NOT NULL,
  first_joined_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, webinar_id)
);
