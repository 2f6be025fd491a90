-- The finance ledger's totals, the VAT summary's sales and the dashboard's joins, renewals and
-- revenue a day at a time (docs/decisions/0058-finance-day-totals.md).
--
-- A range's totals used to add up every payment, refund and receipt line of the range on every
-- page view: a month of the ledger, a quarter of VAT and the dashboard's twelve months grew with
-- the society. Now each day's
-- figures are added up once, the first time a page asks for that day, and kept here; a page
-- reads at most a row a day. Every write that could change a day's figures (a payment, an order
-- payment, a refund, a receipt, a credit note, a Stripe fee) deletes that day's row in the same
-- statement (the triggers below), so the next read adds the day up again from what is stored:
-- a kept row is never out of step, whatever the order of writes.
CREATE TABLE finance_days (
  day TEXT PRIMARY KEY,
  -- The ledger's totals of the day (services/finance/finance-ledger.ts), refunds whose VAT must be
  -- worked out from their receipt left out of `vat_pence` and `unknown_vat` as before.
  payments INTEGER NOT NULL,
  refunds INTEGER NOT NULL,
  received_pence INTEGER NOT NULL,
  refunded_pence INTEGER NOT NULL,
  vat_pence INTEGER NOT NULL,
  unknown_vat INTEGER NOT NULL,
  fees_pence INTEGER NOT NULL,
  unknown_fees INTEGER NOT NULL,
  -- The VAT summary's sales of the day: receipt lines by treatment and rate, as JSON
  -- [{ "treatment", "rate", "lines", "gross", "net", "vat", "unbalanced" }], and the receipts
  -- left out for having a line without VAT.
  vat_sales TEXT NOT NULL,
  receipts_without_vat INTEGER NOT NULL,
  -- The dashboard's (services/finance/dashboard.ts): join applications whose first payment came
  -- this day, payments for another year, and receipts less credit notes by stream, VAT included.
  joins INTEGER NOT NULL,
  renewals INTEGER NOT NULL,
  received_membership_pence INTEGER NOT NULL,
  received_order_pence INTEGER NOT NULL,
  refunded_membership_pence INTEGER NOT NULL,
  refunded_order_pence INTEGER NOT NULL
) WITHOUT ROWID;

-- A membership payment can change which payment of its application came first (a join, the
-- rest renewals), so the days of the application's other payments go too.
CREATE TRIGGER finance_days_payments_insert AFTER INSERT ON payments
BEGIN
  DELETE FROM finance_days WHERE day = NEW.received_on OR day IN (SELECT received_on FROM payments WHERE application_id = NEW.application_id);
END;

CREATE TRIGGER finance_days_payments_update AFTER UPDATE OF received_on, amount_pence, method, application_id ON payments
BEGIN
  DELETE FROM finance_days WHERE day IN (OLD.received_on, NEW.received_on)
    OR day IN (SELECT received_on FROM payments WHERE application_id IN (OLD.application_id, NEW.application_id));
END;

CREATE TRIGGER finance_days_payments_delete AFTER DELETE ON payments
BEGIN
  DELETE FROM finance_days WHERE day = OLD.received_on OR day IN (SELECT received_on FROM payments WHERE application_id = OLD.application_id);
END;

CREATE TRIGGER finance_days_order_payments_insert AFTER INSERT ON order_payments
BEGIN
  DELETE FROM finance_days WHERE day = NEW.received_on;
END;

CREATE TRIGGER finance_days_order_payments_update AFTER UPDATE OF received_on, amount_pence, method, order_id ON order_payments
BEGIN
  DELETE FROM finance_days WHERE day IN (OLD.received_on, NEW.received_on);
END;

CREATE TRIGGER finance_days_order_payments_delete AFTER DELETE ON order_payments
BEGIN
  DELETE FROM finance_days WHERE day = OLD.received_on;
END;

CREATE TRIGGER finance_days_refunds_insert AFTER INSERT ON refunds
BEGIN
  DELETE FROM finance_days WHERE day = NEW.refunded_on;
END;

CREATE TRIGGER finance_days_refunds_update AFTER UPDATE OF refunded_on, amount_pence, method, source, payment_id ON refunds
BEGIN
  DELETE FROM finance_days WHERE day IN (OLD.refunded_on, NEW.refunded_on);
END;

CREATE TRIGGER finance_days_refunds_delete AFTER DELETE ON refunds
BEGIN
  DELETE FROM finance_days WHERE day = OLD.refunded_on;
END;

CREATE TRIGGER finance_days_receipts_insert AFTER INSERT ON receipts
BEGIN
  DELETE FROM finance_days WHERE day = NEW.paid_on;
END;

CREATE TRIGGER finance_days_receipts_update AFTER UPDATE OF paid_on, items, net_pence, vat_pence, total_pence, source, payment_id ON receipts
BEGIN
  DELETE FROM finance_days WHERE day IN (OLD.paid_on, NEW.paid_on);
END;

CREATE TRIGGER finance_days_receipts_delete AFTER DELETE ON receipts
BEGIN
  DELETE FROM finance_days WHERE day = OLD.paid_on;
END;

CREATE TRIGGER finance_days_credit_notes_insert AFTER INSERT ON credit_notes
BEGIN
  DELETE FROM finance_days WHERE day = NEW.refunded_on;
END;

CREATE TRIGGER finance_days_credit_notes_update AFTER UPDATE OF refunded_on, net_pence, vat_pence, lines, refund_id ON credit_notes
BEGIN
  DELETE FROM finance_days WHERE day IN (OLD.refunded_on, NEW.refunded_on);
END;

CREATE TRIGGER finance_days_credit_notes_delete AFTER DELETE ON credit_notes
BEGIN
  DELETE FROM finance_days WHERE day = OLD.refunded_on;
END;

-- A Stripe fee belongs to the day of the payment it was taken from.
CREATE TRIGGER finance_days_payment_fees_insert AFTER INSERT ON payment_fees
BEGIN
  DELETE FROM finance_days WHERE day IN (
    SELECT received_on FROM payments WHERE NEW.source = 'membership' AND id = NEW.payment_id
    UNION ALL SELECT received_on FROM order_payments WHERE NEW.source = 'order' AND id = NEW.payment_id);
END;

CREATE TRIGGER finance_days_payment_fees_update AFTER UPDATE ON payment_fees
BEGIN
  DELETE FROM finance_days WHERE day IN (
    SELECT received_on FROM payments WHERE id IN (OLD.payment_id, NEW.payment_id)
    UNION ALL SELECT received_on FROM order_payments WHERE id IN (OLD.payment_id, NEW.payment_id));
END;

CREATE TRIGGER finance_days_payment_fees_delete AFTER DELETE ON payment_fees
BEGIN
  DELETE FROM finance_days WHERE day IN (
    SELECT received_on FROM payments WHERE OLD.source = 'membership' AND id = OLD.payment_id
    UNION ALL SELECT received_on FROM order_payments WHERE OLD.source = 'order' AND id = OLD.payment_id);
END;

-- A ledger page reads each kind of entry in the order it shows them (day, then id) from its index,
-- a page's worth at a time, instead of sorting the whole range.
CREATE INDEX payments_received_on_id ON payments (received_on, id);
CREATE INDEX order_payments_received_on_id ON order_payments (received_on, id);
CREATE INDEX refunds_refunded_on_id ON refunds (refunded_on, id);
DROP INDEX payments_received_on;
DROP INDEX order_payments_received_on;
DROP INDEX refunds_refunded_on;

PRAGMA optimize;
