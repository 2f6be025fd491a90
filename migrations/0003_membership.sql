-- Membership applications, the membership record, payments, and staff actions.

-- One row per join application. `idempotency_key` comes from the join form, so a double submit,
-- a back-and-resubmit or a retry after a failure finds the application it already made.
CREATE TABLE applications (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  -- Shown to the applicant and quoted on an offline payment (bank transfer, cheque).
  reference TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  given_name TEXT NOT NULL,
  family_name TEXT NOT NULL,
  membership_slug TEXT NOT NULL,
  membership_title TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('offline', 'card')),
  -- What the applicant owes, in pence (first year's subscription plus any joining fee).
  amount_due_pence INTEGER NOT NULL CHECK (amount_due_pence >= 0),
  status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'rejected')),
  -- Everything else the form collected (address, professional details, declaration), as JSON.
  details TEXT NOT NULL,
  rejected_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX applications_status ON applications (status, created_at);
CREATE INDEX applications_user ON applications (user_id);

-- The membership record: one per user. Access tiers read it (status and period).
CREATE TABLE memberships (
  user_id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  application_id TEXT REFERENCES applications (id),
  membership_slug TEXT NOT NULL,
  membership_title TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'active', 'lapsed', 'cancelled')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('offline', 'card')),
  period_start TEXT,
  period_end TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX memberships_email ON memberships (email);

-- Money received, whoever recorded it.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES applications (id),
  user_id TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('offline', 'card')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  received_on TEXT NOT NULL,
  reference TEXT NOT NULL,
  recorded_by TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX payments_application ON payments (application_id);

-- Every staff action: who, what, when.
CREATE TABLE staff_audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL,
  application_id TEXT,
  details TEXT NOT NULL DEFAULT '{}',
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The access-tier seam of the sign-in issue becomes membership records.
INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end)
  SELECT COALESCE(user_id, 'email:' || email), email, 'legacy', 'Member', CASE status WHEN 'active' THEN 'active' WHEN 'lapsed' THEN 'lapsed' ELSE 'cancelled' END, 'offline', valid_until
  FROM member_status;
DROP TABLE member_status;
