-- The finance ledger and the dashboard (docs/decisions/0028-finance-ledger-and-dashboard.md).

-- What Stripe kept of a card payment: the fee on the charge's balance transaction, read back from
-- Stripe once the payment is recorded. One row per payment (a membership payment, payments.id, or
-- a webinar order's, order_payments.id); none for offline payments (no fee) nor for card payments
-- recorded before fees were read (the ledger shows those as unknown).
CREATE TABLE payment_fees (
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  payment_id TEXT NOT NULL,
  fee_pence INTEGER NOT NULL CHECK (fee_pence >= 0),
  -- Stripe's balance transaction (txn_…), so the figure can be traced back.
  balance_transaction_id TEXT NOT NULL,
  recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (source, payment_id)
);

-- The ledger reads payments and refunds by the day the money moved.
CREATE INDEX payments_received_on ON payments (received_on);
CREATE INDEX order_payments_received_on ON order_payments (received_on);
CREATE INDEX refunds_refunded_on ON refunds (refunded_on);
