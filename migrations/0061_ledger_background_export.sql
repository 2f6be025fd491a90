-- The finance ledger joins the background exports: a range past what one download holds is
-- built into a private file by the jobs queue, like the members, applications and orders lists.
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt with 'ledger'
-- allowed; for the ledger, `filter` holds the range of days ({"from":…,"to":…}).
CREATE TABLE staff_exports_new (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('members', 'applications', 'orders', 'ledger')),
  filter TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  requested_at TEXT NOT NULL,
  expected_rows INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completing', 'ready', 'failed', 'expired')),
  step INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  object_key TEXT NOT NULL,
  upload_id TEXT,
  parts TEXT NOT NULL DEFAULT '[]',
  carry_key TEXT,
  carry_bytes INTEGER NOT NULL DEFAULT 0,
  failure TEXT,
  completed_at TEXT,
  expires_at TEXT,
  updated_at TEXT NOT NULL
);

INSERT INTO staff_exports_new (id, kind, filter, requested_by, requested_at, expected_rows, status, step, cursor, rows, bytes, object_key,
  upload_id, parts, carry_key, carry_bytes, failure, completed_at, expires_at, updated_at)
SELECT id, kind, filter, requested_by, requested_at, expected_rows, status, step, cursor, rows, bytes, object_key,
  upload_id, parts, carry_key, carry_bytes, failure, completed_at, expires_at, updated_at
FROM staff_exports;

DROP TABLE staff_exports;
ALTER TABLE staff_exports_new RENAME TO staff_exports;

-- The staff page lists the newest exports of a kind.
CREATE INDEX staff_exports_kind ON staff_exports (kind, requested_at);
-- The sweep finds exports whose step was lost, and files past their expiry.
CREATE INDEX staff_exports_status ON staff_exports (status, updated_at);
CREATE INDEX staff_exports_expiry ON staff_exports (status, expires_at);
