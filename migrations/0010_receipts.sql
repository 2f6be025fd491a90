-- Receipts for money received (docs/decisions/0014-receipts-and-notices.md).

-- One row per payment: a membership payment (payments.id) or a webinar order's payment
-- (order_payments.id). The number is `GH-<year>-<seq>`; `seq` counts from 1 within the calendar
-- year of issue, allocated as MAX(seq) + 1 inside the payment's own D1 batch (a transaction), and
-- only when the receipt is actually written, so the numbers of a year have no gaps. A receipt is
-- never changed or deleted (the triggers below refuse both): a refund or a cancellation leaves
-- its receipt, and its number, as issued.
CREATE TABLE receipts (
  number TEXT PRIMARY KEY,
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  payment_id TEXT NOT NULL,
  application_id TEXT,
  order_id TEXT,
  user_id TEXT NOT NULL,
  payer_name TEXT,
  payer_email TEXT NOT NULL,
  -- What was paid for, as JSON: [{ "description", "detail", "pence" }].
  items TEXT NOT NULL,
  total_pence INTEGER NOT NULL CHECK (total_pence > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'offline')),
  -- The day the money arrived (YYYY-MM-DD, London).
  paid_on TEXT NOT NULL,
  payment_reference TEXT NOT NULL,
  issued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (year, seq),
  -- A replayed payment (a webhook delivered again) never gets a second receipt.
  UNIQUE (source, payment_id)
);

CREATE INDEX receipts_user ON receipts (user_id, issued_at);
CREATE INDEX receipts_application ON receipts (application_id) WHERE application_id IS NOT NULL;
CREATE INDEX receipts_order ON receipts (order_id) WHERE order_id IS NOT NULL;

CREATE TRIGGER receipts_never_deleted BEFORE DELETE ON receipts
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never deleted: its number stays issued');
END;

CREATE TRIGGER receipts_never_changed BEFORE UPDATE ON receipts
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never changed once issued');
END;
