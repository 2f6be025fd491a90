-- The column-mapped member import (docs/decisions/0063): a file with any columns waits for staff
-- to map them ('mapping'), and brings a member's history across: payments made under the old
-- system, CPD, and the society's own fields.

-- member_imports again, for the new phase, the mapping and the history counts (SQLite cannot
-- change a CHECK in place). `mapping`: JSON, one entry per column of the header, in order.
CREATE TABLE member_imports_new (
  id INTEGER PRIMARY KEY,
  staff_email TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('check', 'import')),
  invite INTEGER NOT NULL CHECK (invite IN (0, 1)),
  phase TEXT NOT NULL CHECK (phase IN ('staging', 'mapping', 'checking', 'checked', 'writing', 'done', 'refused', 'failed')),
  header TEXT,
  mapping TEXT,
  rows INTEGER NOT NULL DEFAULT 0,
  pass INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  steps INTEGER NOT NULL DEFAULT 0,
  claim TEXT,
  file_problems TEXT NOT NULL DEFAULT '[]',
  stripe_links INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL DEFAULT 0,
  changed INTEGER NOT NULL DEFAULT 0,
  unchanged INTEGER NOT NULL DEFAULT 0,
  skipped INTEGER NOT NULL DEFAULT 0,
  problems INTEGER NOT NULL DEFAULT 0,
  invitations INTEGER NOT NULL DEFAULT 0,
  -- What the file brings of the members' history, counted over the rows to write.
  payments INTEGER NOT NULL DEFAULT 0,
  cpd INTEGER NOT NULL DEFAULT 0,
  custom INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);

INSERT INTO member_imports_new (id, staff_email, mode, invite, phase, header, rows, pass, position, steps, claim, file_problems, stripe_links,
  created, changed, unchanged, skipped, problems, invitations, error, created_at, updated_at, finished_at)
SELECT id, staff_email, mode, invite, phase, header, rows, pass, position, steps, claim, file_problems, stripe_links,
  created, changed, unchanged, skipped, problems, invitations, error, created_at, updated_at, finished_at
FROM member_imports;

DROP TABLE member_imports;
ALTER TABLE member_imports_new RENAME TO member_imports;
CREATE INDEX member_imports_unfinished ON member_imports (updated_at) WHERE phase IN ('checking', 'writing');
CREATE INDEX member_imports_finished ON member_imports (finished_at) WHERE finished_at IS NOT NULL;

-- Payments a member made under the society's old system, as its records show them. They are
-- history for the register, not money this site received: no receipt number, no VAT, and no
-- place in the ledger, the VAT return or any total (those read `payments` and `receipts` only).
CREATE TABLE imported_payments (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL,
  import_id INTEGER NOT NULL,
  paid_on TEXT NOT NULL,
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  -- As the old system named it ("Direct debit", "Cheque"), or '' when the file does not say.
  method TEXT NOT NULL,
  reference TEXT NOT NULL,
  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A rerun of the file (or an overlapping one) records each payment once.
CREATE UNIQUE INDEX imported_payments_once ON imported_payments (user_id, paid_on, amount_pence, reference);

-- The society's own fields of a member, kept from columns that have no place on the site
-- ("Date of birth", "Branch"): one value per member and name.
CREATE TABLE member_custom_fields (
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  import_id INTEGER,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, name)
);

-- A record the import (or staff) made is held under `email:<address>` until its owner claims it
-- by signing in: their history goes with it, so the member finds it in their own log.
CREATE TRIGGER memberships_claim_moves_history AFTER UPDATE OF user_id ON memberships
WHEN OLD.user_id LIKE 'email:%' AND NEW.user_id <> OLD.user_id
BEGIN
  UPDATE imported_payments SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
  UPDATE member_custom_fields SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
  UPDATE cpd_entries SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
END;

PRAGMA optimize;
