-- Staff lists, exports and the dashboard at real sizes (docs/decisions/0046-background-exports.md).

-- The dashboard's members by type and status, kept in step with `memberships` by the writes
-- themselves (the triggers below), so the dashboard reads a few rows instead of every record.
CREATE TABLE membership_counts (
  status TEXT NOT NULL,
  membership_title TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (status, membership_title)
) WITHOUT ROWID;

INSERT INTO membership_counts (status, membership_title, count)
  SELECT status, membership_title, COUNT(*) FROM memberships GROUP BY status, membership_title;

-- The triggers add a missing (status, type) row with NOT EXISTS rather than INSERT OR IGNORE: in a
-- trigger, the outer statement's conflict handling replaces the trigger's own, so under an upsert
-- of memberships (INSERT … ON CONFLICT DO UPDATE) an OR IGNORE would abort on the existing row.
CREATE TRIGGER membership_counts_insert AFTER INSERT ON memberships
BEGIN
  INSERT INTO membership_counts (status, membership_title, count)
    SELECT NEW.status, NEW.membership_title, 0
    WHERE NOT EXISTS (SELECT 1 FROM membership_counts WHERE status = NEW.status AND membership_title = NEW.membership_title);
  UPDATE membership_counts SET count = count + 1 WHERE status = NEW.status AND membership_title = NEW.membership_title;
END;

CREATE TRIGGER membership_counts_delete AFTER DELETE ON memberships
BEGIN
  UPDATE membership_counts SET count = count - 1 WHERE status = OLD.status AND membership_title = OLD.membership_title;
END;

CREATE TRIGGER membership_counts_update AFTER UPDATE OF status, membership_title ON memberships
  WHEN OLD.status IS NOT NEW.status OR OLD.membership_title IS NOT NEW.membership_title
BEGIN
  UPDATE membership_counts SET count = count - 1 WHERE status = OLD.status AND membership_title = OLD.membership_title;
  INSERT INTO membership_counts (status, membership_title, count)
    SELECT NEW.status, NEW.membership_title, 0
    WHERE NOT EXISTS (SELECT 1 FROM membership_counts WHERE status = NEW.status AND membership_title = NEW.membership_title);
  UPDATE membership_counts SET count = count + 1 WHERE status = NEW.status AND membership_title = NEW.membership_title;
END;

-- The dashboard's refunds by month: only the range's credit notes are read, and from the index alone.
CREATE INDEX credit_notes_refunded_on ON credit_notes (refunded_on, source, total_pence);
-- Its receipts by month likewise.
CREATE INDEX receipts_paid_on_source ON receipts (paid_on, source, total_pence);
DROP INDEX receipts_paid_on;

-- Exports too big for one download, built in the background into R2 (EXPORTS) a page at a time.
-- The row is the export's durable progress: the keyset position after the last committed step,
-- the multipart upload's id and the parts uploaded so far, and the name of the small object
-- holding the bytes not yet in a part (the "carry"). A step moves it only from the `step` it
-- read (compare and set), so two workers on one export never both move it, and an export cut
-- off resumes after its last committed step, writing every row once.
CREATE TABLE staff_exports (
  id TEXT PRIMARY KEY,
  -- What is exported: 'members', 'applications' or 'orders'; `filter` is its tab and search (JSON).
  kind TEXT NOT NULL CHECK (kind IN ('members', 'applications', 'orders')),
  filter TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  -- The moment the export is "as of" (a member's state is worked out at this instant on every page).
  requested_at TEXT NOT NULL,
  -- How many rows matched when it was asked for (a guide for the progress shown; the file holds what the pages read).
  expected_rows INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completing', 'ready', 'failed', 'expired')),
  step INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  object_key TEXT NOT NULL,
  upload_id TEXT,
  -- [{"partNumber":1,"etag":"…"},…]
  parts TEXT NOT NULL DEFAULT '[]',
  carry_key TEXT,
  carry_bytes INTEGER NOT NULL DEFAULT 0,
  failure TEXT,
  completed_at TEXT,
  expires_at TEXT,
  updated_at TEXT NOT NULL
);

-- The staff page lists the newest exports of a kind.
CREATE INDEX staff_exports_kind ON staff_exports (kind, requested_at);
-- The sweep finds exports that stopped moving, and ready ones past their expiry.
CREATE INDEX staff_exports_status ON staff_exports (status, updated_at);
CREATE INDEX staff_exports_expiry ON staff_exports (status, expires_at);

-- Statistics for the planner on the new indexes (cheap: it analyses only what needs it).
PRAGMA optimize;
