-- The VAT summary's credit notes, the ledger's refunds whose VAT is worked out from their
-- receipt, and the dashboard's lapses, kept a day at a time in `finance_days` with the rest
-- (docs/decisions/0075-credit-notes-and-lapses-in-finance-days.md).
--
-- Until now a VAT quarter read every credit note of the quarter, a ledger range every refund of
-- the range (to find the few whose VAT is worked out from their receipt) and the dashboard every
-- lapsed record of its year, on each view. Now each is added up with the day's other figures,
-- the first time a page asks for the day, and every write that could change it deletes the row.

-- Credit notes refunded this day that store their VAT lines, by treatment and rate, as JSON in
-- the shape of `vat_sales`.
ALTER TABLE finance_days ADD COLUMN vat_credits TEXT NOT NULL DEFAULT '[]';
-- Notes of this day issued before their lines were stored (migrations/0030, a closed set): the
-- VAT summary reads these notes alone, on the days that have any, and works their lines out.
ALTER TABLE finance_days ADD COLUMN credit_notes_unsplit INTEGER NOT NULL DEFAULT 0;
-- Refunds of this day whose VAT is worked out from the receipt they refund (counted in `refunds`,
-- left out of `vat_pence`): the ledger reads these refunds alone, on the days that have any.
ALTER TABLE finance_days ADD COLUMN refunds_unsplit INTEGER NOT NULL DEFAULT 0;
-- Lapsed records whose period ended on this day (UTC: the day of the instant stored), by the UTC
-- hour it ended, as a JSON object {"HH": count}. A lapse falls when the grace after the period's
-- end runs out, and the grace is configuration, so the dashboard adds it when it reads: whole
-- days on a UTC hour, then the London month of that hour (London's months begin on a UTC hour).
ALTER TABLE finance_days ADD COLUMN lapses TEXT NOT NULL DEFAULT '{}';

-- Rows kept so far lack the new figures: they are added up again at the next read.
DELETE FROM finance_days;

-- A record counts as a lapse on the day its period ended while it is lapsed: becoming lapsed,
-- ceasing to be (a renewal, a new join), or a lapsed record's period end changing puts those days
-- right at the next read. `date()` gives the UTC day the fill keys them by.
CREATE TRIGGER finance_days_memberships_insert AFTER INSERT ON memberships
WHEN NEW.status = 'lapsed'
BEGIN
  DELETE FROM finance_days WHERE day = date(NEW.period_end);
END;

CREATE TRIGGER finance_days_memberships_update AFTER UPDATE OF status, period_end ON memberships
WHEN (OLD.status = 'lapsed' OR NEW.status = 'lapsed') AND (OLD.status IS NOT NEW.status OR OLD.period_end IS NOT NEW.period_end)
BEGIN
  DELETE FROM finance_days WHERE day IN (date(OLD.period_end), date(NEW.period_end));
END;

CREATE TRIGGER finance_days_memberships_delete AFTER DELETE ON memberships
WHEN OLD.status = 'lapsed'
BEGIN
  DELETE FROM finance_days WHERE day = date(OLD.period_end);
END;

PRAGMA optimize;
