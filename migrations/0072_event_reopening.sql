-- Staff reopen a postponed event on new dates (docs/decisions/0078). The new dates are kept here,
-- laid over the CMS's while the CMS still gives the start they were set over, and the state may
-- now be 'reopened' (on sale again, bookings kept). SQLite cannot change a CHECK, so the table is
-- copied into its new shape.
CREATE TABLE event_state_changes_new (
  event_id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('cancelled', 'postponed', 'reopened')),
  reason TEXT NOT NULL,
  new_date_text TEXT,
  -- The start the site showed when the change was made (the new one, after a reopening).
  starts_at TEXT NOT NULL,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  settled_at TEXT,
  -- Reopening: the CMS's start the new dates apply over (an editor's new start in the CMS wins),
  -- the new start and end, and when staff reopened it. Null until reopened.
  cms_starts_at TEXT,
  new_starts_at TEXT,
  new_ends_at TEXT,
  reopened_at TEXT,
  CHECK ((new_starts_at IS NULL) = (new_ends_at IS NULL) AND (new_starts_at IS NULL) = (cms_starts_at IS NULL)),
  CHECK (state <> 'reopened' OR reopened_at IS NOT NULL)
);

INSERT INTO event_state_changes_new (event_id, state, reason, new_date_text, starts_at, changed_at, settled_at)
  SELECT event_id, state, reason, new_date_text, starts_at, changed_at, settled_at FROM event_state_changes;

DROP TABLE event_state_changes;
ALTER TABLE event_state_changes_new RENAME TO event_state_changes;
