-- The membership year: offline renewals, changes of membership type, and what the staff members
-- register reads (docs/decisions/0015-membership-year.md).

-- What an application is for. 'join': the join form (as before). 'renewal': another year of a
-- membership paid offline (amount and reference for the member, recorded by staff). 'change': the
-- pro-rata amount due for an upgrade paid offline. Staff record all three on /staff/applications.
ALTER TABLE applications ADD COLUMN kind TEXT NOT NULL DEFAULT 'join' CHECK (kind IN ('join', 'renewal', 'change'));
CREATE INDEX applications_user_kind ON applications (user_id, kind, created_at);

-- A downgrade waits for the next renewal: the membership the record becomes once a period starts
-- on or after `next_change_on` (the end of the period in which it was asked for).
ALTER TABLE memberships ADD COLUMN next_membership_slug TEXT;
ALTER TABLE memberships ADD COLUMN next_membership_title TEXT;
ALTER TABLE memberships ADD COLUMN next_change_on TEXT;

-- Every change of membership type a member asked for, for their page and the staff timeline.
CREATE TABLE membership_changes (
  -- The change form's idempotency key: a double submit inserts nothing.
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  from_slug TEXT NOT NULL,
  from_title TEXT NOT NULL,
  to_slug TEXT NOT NULL,
  to_title TEXT NOT NULL,
  -- upgrade (dearer) and sideways (same price) take effect at once; downgrade at the next renewal.
  direction TEXT NOT NULL CHECK (direction IN ('upgrade', 'sideways', 'downgrade')),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('offline', 'card')),
  -- The pro-rata difference for the rest of the period (services/membership/change-pricing.ts).
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  -- applied: in effect; scheduled: a downgrade waiting for the renewal; withdrawn: the member
  -- kept their membership instead; reverted: staff closed an unpaid upgrade's amount due.
  status TEXT NOT NULL CHECK (status IN ('applied', 'scheduled', 'withdrawn', 'reverted')),
  -- When it took effect, or (scheduled) the period end it waits for.
  effective_on TEXT NOT NULL,
  -- An offline upgrade's amount due (an application of kind 'change'), written after this row in
  -- the same batch (so no foreign key: D1 checks those statement by statement).
  application_id TEXT,
  -- A card change: the proration invoice Stripe made, when it made one.
  stripe_invoice_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX membership_changes_user ON membership_changes (user_id, created_at);

-- The members register shows each member's latest e-mail; their page lists them all.
CREATE INDEX email_outbox_user ON email_outbox (user_id, created_at);
