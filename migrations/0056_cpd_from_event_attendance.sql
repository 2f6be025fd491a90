-- CPD from real attendance at events (issue 27, docs/decisions/0061).
--
-- An attendee who was checked in at the door, or whom the video platform's attendance report (or
-- staff, by hand) shows attended an online event, gets a CPD entry written by the society:
-- source 'event', confirmed when written, and linked to the attendee's place. The unique index on
-- event_attendee_id is what keeps a place from ever counting twice, however often it is checked
-- in, imported or marked. `attendance` says how the society verified it: 'checked-in' or
-- 'attended-online'; a certificate copies it as `evidence`.
--
-- SQLite cannot widen a CHECK constraint in place, so both CPD tables are rebuilt: a new table
-- with the wider checks, every row copied across (columns named, so the order of the old
-- columns, some added later by ALTER TABLE, does not matter), the old one dropped and the new
-- one renamed. Neither table has triggers or foreign keys; their indexes are dropped with the old
-- tables and created again below under the same names.

CREATE TABLE cpd_entries_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('webinar', 'manual', 'event')),
  webinar_slug TEXT,
  event_attendee_id TEXT,
  activity_date TEXT NOT NULL,
  title TEXT NOT NULL,
  provider TEXT NOT NULL,
  hours_hundredths INTEGER NOT NULL CHECK (hours_hundredths BETWEEN 25 AND 10000),
  category TEXT NOT NULL,
  reflection TEXT NOT NULL DEFAULT '',
  evidence_url TEXT,
  confirmed_at TEXT,
  attendance TEXT CHECK (attendance IN ('joined-live', 'opened-recording', 'checked-in', 'attended-online')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((source = 'webinar') = (webinar_slug IS NOT NULL)),
  CHECK ((source = 'event') = (event_attendee_id IS NOT NULL)),
  -- The society confirms what it verified: an event entry is confirmed from the start.
  CHECK (source <> 'event' OR (confirmed_at IS NOT NULL AND attendance IN ('checked-in', 'attended-online')))
);

INSERT INTO cpd_entries_new (id, user_id, source, webinar_slug, activity_date, title, provider, hours_hundredths, category, reflection, evidence_url, confirmed_at, attendance, created_at, updated_at)
  SELECT id, user_id, source, webinar_slug, activity_date, title, provider, hours_hundredths, category, reflection, evidence_url, confirmed_at, attendance, created_at, updated_at
  FROM cpd_entries;

DROP TABLE cpd_entries;
ALTER TABLE cpd_entries_new RENAME TO cpd_entries;

CREATE UNIQUE INDEX cpd_entries_one_per_webinar ON cpd_entries (user_id, webinar_slug) WHERE webinar_slug IS NOT NULL;
CREATE UNIQUE INDEX cpd_entries_one_per_attendee ON cpd_entries (event_attendee_id) WHERE event_attendee_id IS NOT NULL;
CREATE INDEX cpd_entries_by_user ON cpd_entries (user_id, activity_date);

CREATE TABLE cpd_certificates_new (
  id TEXT PRIMARY KEY,
  number INTEGER NOT NULL UNIQUE,
  entry_id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  holder_name TEXT NOT NULL,
  activity TEXT NOT NULL,
  activity_date TEXT NOT NULL,
  hours_hundredths INTEGER NOT NULL,
  issued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  revoked_at TEXT,
  revoked_by TEXT,
  revoked_reason TEXT,
  evidence TEXT CHECK (evidence IN ('joined-live', 'opened-recording', 'checked-in', 'attended-online')),
  webinar_id TEXT
);

INSERT INTO cpd_certificates_new (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, issued_at, revoked_at, revoked_by, revoked_reason, evidence, webinar_id)
  SELECT id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, issued_at, revoked_at, revoked_by, revoked_reason, evidence, webinar_id
  FROM cpd_certificates;

DROP TABLE cpd_certificates;
ALTER TABLE cpd_certificates_new RENAME TO cpd_certificates;

CREATE INDEX cpd_certificates_by_user ON cpd_certificates (user_id);
CREATE INDEX cpd_certificates_by_webinar ON cpd_certificates (user_id, webinar_id) WHERE webinar_id IS NOT NULL;

-- How an online attendee's attendance was established: the minutes the imported report shows
-- them in the session (null when staff marked them by hand or they were checked in), and who
-- marked it (the staff member's address). attended_at (0048) is when.
ALTER TABLE event_attendees ADD COLUMN attended_minutes INTEGER;
ALTER TABLE event_attendees ADD COLUMN attended_by TEXT;
