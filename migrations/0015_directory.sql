-- The member directory: one row per member who has opted in (leaving deletes the row). Each
-- show_* flag says whether that field is shown to other members; the listing query returns a
-- hidden field as NULL, so it never leaves the database. Lapsed members drop out by the same
-- rule as the member tier (a join on memberships), not by deleting their row.
CREATE TABLE directory_entries (
  user_id TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  town TEXT,
  workplace TEXT,
  specialisation TEXT,
  email TEXT,
  phone TEXT,
  show_town INTEGER NOT NULL DEFAULT 0 CHECK (show_town IN (0, 1)),
  show_workplace INTEGER NOT NULL DEFAULT 0 CHECK (show_workplace IN (0, 1)),
  show_specialisation INTEGER NOT NULL DEFAULT 1 CHECK (show_specialisation IN (0, 1)),
  show_email INTEGER NOT NULL DEFAULT 0 CHECK (show_email IN (0, 1)),
  show_phone INTEGER NOT NULL DEFAULT 0 CHECK (show_phone IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX directory_entries_name ON directory_entries (display_name COLLATE NOCASE);
