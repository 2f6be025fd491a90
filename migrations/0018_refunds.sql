-- Refunds, credit notes and disputes (docs/decisions/0020-refunds-credit-notes-and-disputes.md).

-- Money paid back against one payment: a membership payment (payments.id) or a webinar order's
-- (order_payments.id). A card refund's id is Stripe's refund id (re_…), so the refund staff make
-- here and the charge.refunded webhook that reports it are one row however often either arrives;
-- an offline refund's id comes from the staff form (a resubmitted form records nothing new).
-- A refund is inserted only while the payment's refunds so far plus this one stay within what
-- was paid: the check runs inside the insert, in the refund's own batch (a transaction), so two
-- refunds at once can never take back more than was received.
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  payment_id TEXT NOT NULL,
  application_id TEXT,
  order_id TEXT,
  user_id TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('card', 'offline')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  reason TEXT NOT NULL,
  -- The day the money went back (YYYY-MM-DD, London).
  refunded_on TEXT NOT NULL,
  -- A staff member's e-mail, or 'stripe' for a refund first heard of from Stripe (its dashboard).
  recorded_by TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX refunds_payment ON refunds (source, payment_id);
CREATE INDEX refunds_order ON refunds (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX refunds_application ON refunds (application_id) WHERE application_id IS NOT NULL;

CREATE TRIGGER refunds_never_deleted BEFORE DELETE ON refunds
BEGIN
  SELECT RAISE(ABORT, 'A refund is never deleted');
END;

CREATE TRIGGER refunds_never_changed BEFORE UPDATE ON refunds
BEGIN
  SELECT RAISE(ABORT, 'A refund is never changed once recorded');
END;

-- One credit note per refund, numbered `CN-<year>-<seq>` like receipts: `seq` counts from 1 within
-- the London calendar year of issue, allocated as MAX(seq) + 1 in the refund's own batch and only
-- when the note is written, so a year's numbers have no gaps. Never changed or deleted.
CREATE TABLE credit_notes (
  number TEXT PRIMARY KEY,
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  refund_id TEXT NOT NULL UNIQUE REFERENCES refunds (id),
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  payment_id TEXT NOT NULL,
  -- The receipt of the payment refunded, when it has one.
  receipt_number TEXT,
  application_id TEXT,
  order_id TEXT,
  user_id TEXT NOT NULL,
  payer_name TEXT,
  payer_email TEXT NOT NULL,
  -- What the money was for, as one line ("Order GH-ORD…", "Full membership").
  description TEXT NOT NULL,
  reason TEXT NOT NULL,
  total_pence INTEGER NOT NULL CHECK (total_pence > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'offline')),
  refunded_on TEXT NOT NULL,
  issued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (year, seq)
);

CREATE INDEX credit_notes_user ON credit_notes (user_id, issued_at);
CREATE INDEX credit_notes_order ON credit_notes (order_id) WHERE order_id IS NOT NULL;

CREATE TRIGGER credit_notes_never_deleted BEFORE DELETE ON credit_notes
BEGIN
  SELECT RAISE(ABORT, 'A credit note is never deleted: its number stays issued');
END;

CREATE TRIGGER credit_notes_never_changed BEFORE UPDATE ON credit_notes
BEGIN
  SELECT RAISE(ABORT, 'A credit note is never changed once issued');
END;

-- A card payment the payer disputed with their bank (Stripe's charge.dispute.*), by Stripe's
-- dispute id. While a dispute is open ('open'), what the payment bought is suspended; 'won'
-- restores it; 'lost' leaves it revoked (the money went back through the bank).
CREATE TABLE disputes (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  payment_id TEXT NOT NULL,
  order_id TEXT,
  application_id TEXT,
  user_id TEXT NOT NULL,
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost')),
  opened_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  closed_at TEXT
);

CREATE INDEX disputes_order ON disputes (order_id, status) WHERE order_id IS NOT NULL;
CREATE INDEX disputes_user ON disputes (user_id, status);
