-- An upgrade paid offline takes effect when its amount due is paid (staff record it), not when
-- asked for: until then its change row is 'awaiting_payment' and the record keeps the type in
-- force. SQLite cannot change a CHECK constraint in place, so the table is rebuilt with the new
-- status and its rows and index copied across. Nothing refers to it by foreign key.
CREATE TABLE membership_changes_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  from_slug TEXT NOT NULL,
  from_title TEXT NOT NULL,
  to_slug TEXT NOT NULL,
  to_title TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('upgrade', 'sideways', 'downgrade')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('offline', 'card')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  -- applied: in effect; awaiting_payment: an offline upgrade waiting for its amount due;
  -- scheduled: a downgrade waiting for the renewal; withdrawn: the member kept their membership
  -- instead; reverted: staff closed an unpaid upgrade's amount due.
  status TEXT NOT NULL CHECK (status IN ('applied', 'awaiting_payment', 'scheduled', 'withdrawn', 'reverted')),
  -- When it took effect; (scheduled) the period end it waits for; (awaiting_payment) when asked for.
  effective_on TEXT NOT NULL,
  application_id TEXT,
  stripe_invoice_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO membership_changes_new (id, user_id, from_slug, from_title, to_slug, to_title, direction, payment_method, amount_pence, status,
  effective_on, application_id, stripe_invoice_id, created_at, updated_at)
SELECT id, user_id, from_slug, from_title, to_slug, to_title, direction, payment_method, amount_pence, status,
  effective_on, application_id, stripe_invoice_id, created_at, updated_at
FROM membership_changes;

DROP TABLE membership_changes;
ALTER TABLE membership_changes_new RENAME TO membership_changes;
CREATE INDEX membership_changes_user ON membership_changes (user_id, created_at);
-- Staff recording an upgrade's payment find its change by the amount-due application.
CREATE INDEX membership_changes_application ON membership_changes (application_id) WHERE application_id IS NOT NULL;
