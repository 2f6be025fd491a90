-- The CPD log: one row per activity a user records. A webinar entry is written when its entitled
-- attendee opens the join link during the live window or the recording page (source 'webinar',
-- unconfirmed until the member confirms it with a reflection); the unique index on
-- (user_id, webinar_slug) keeps a webinar from counting twice. Manual entries are the member's
-- own external activities. Hours are kept in hundredths, so totals never drift with floats.
CREATE TABLE cpd_entries (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('webinar', 'manual')),
  webinar_slug TEXT,
  activity_date TEXT NOT NULL,
  title TEXT NOT NULL,
  provider TEXT NOT NULL,
  hours_hundredths INTEGER NOT NULL CHECK (hours_hundredths BETWEEN 25 AND 10000),
  category TEXT NOT NULL,
  reflection TEXT NOT NULL DEFAULT '',
  evidence_url TEXT,
  confirmed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((source = 'webinar') = (webinar_slug IS NOT NULL))
);

CREATE UNIQUE INDEX cpd_entries_one_per_webinar ON cpd_entries (user_id, webinar_slug) WHERE webinar_slug IS NOT NULL;
CREATE INDEX cpd_entries_by_user ON cpd_entries (user_id, activity_date);

-- Certificates for confirmed webinar entries: a random, unguessable id (the verification
-- address /certificates/{id}), a human number (CPD-000001, for reading out on the phone) and a
-- copy of what the certificate says, so a later edit of the entry or the webinar cannot change
-- a certificate already printed. Revoked ones stay, marked, and verify as "not valid".
CREATE TABLE cpd_certificates (
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
  revoked_reason TEXT
);

CREATE INDEX cpd_certificates_by_user ON cpd_certificates (user_id);
