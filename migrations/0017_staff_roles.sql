-- Staff roles and the staff's second factor (docs/decisions/0024-staff-roles-and-second-factor.md).

-- Who is staff, with one role each. Kept by e-mail address (lower case): staff are matched
-- against the session's verified address. A removed member keeps the row (removed_at set), so
-- the addresses in STAFF_EMAILS, which seed the first administrators, never bring back someone
-- an administrator removed.
CREATE TABLE staff_members (
  email TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('admin', 'membership', 'finance', 'read_only')),
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  removed_at TEXT
);

-- One TOTP secret per staff member, encrypted with AES-GCM (STAFF_TOTP_KEY): base64 of the
-- 12-byte IV followed by the ciphertext. Pending until the first code confirms it.
-- last_used_step is the newest 30-second step a code was accepted for: a code for that step or
-- an older one is refused, so a code is good once.
CREATE TABLE staff_second_factors (
  email TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  confirmed_at TEXT,
  last_used_step INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Recovery codes, stored as SHA-256 hex digests; each is good once.
CREATE TABLE staff_recovery_codes (
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (email, code_hash)
);

-- Wrong codes, counted per staff member over a short window (seconds since the epoch).
CREATE TABLE staff_second_factor_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX staff_second_factor_failures_by_email ON staff_second_factor_failures (email, at);

-- When this session passed the second factor (seconds since the epoch); null: not yet.
ALTER TABLE sessions ADD COLUMN second_factor_at INTEGER;
