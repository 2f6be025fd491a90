-- Direct Debit through Stripe (docs/decisions/0064). A Direct Debit is still a Stripe payment
-- (`payment_method` 'card' here means "through Stripe": its receipts, refunds and ledger rows are
-- Stripe's), so the scheme and the state of the first collection sit beside it rather than
-- widening every CHECK that names 'card'.
-- `direct_debit`: the scheme the applicant chose for this application ('bacs_debit' for pounds,
-- 'sepa_debit' for euros); NULL when they pay by card or offline.
-- `direct_debit_state`: NULL (no mandate given yet, or the money has arrived) | 'pending' (the
-- mandate is in and the bank has days to pay: nothing is activated or receipted yet) | 'failed'
-- (the bank did not pay: the application still awaits payment, any way the applicant chooses).
ALTER TABLE applications ADD COLUMN direct_debit TEXT CHECK (direct_debit IN ('bacs_debit', 'sepa_debit'));
ALTER TABLE applications ADD COLUMN direct_debit_state TEXT CHECK (direct_debit_state IN ('pending', 'failed'));

-- An application that stops awaiting payment (paid, by whatever path records it; rejected;
-- cancelled) has no Direct Debit under way: its state is cleared, so no screen can go on saying
-- "pending" about money that has arrived.
CREATE TRIGGER applications_direct_debit_settled AFTER UPDATE OF status ON applications
WHEN NEW.status <> 'awaiting_payment' AND NEW.direct_debit_state IS NOT NULL
BEGIN
  UPDATE applications SET direct_debit_state = NULL WHERE id = NEW.id;
END;
