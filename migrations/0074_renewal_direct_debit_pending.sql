-- A Direct Debit member's yearly renewal while the bank collects it (docs/decisions/0080).
-- Stripe moves a subscription to its new period when it raises the renewal invoice; a Bacs or
-- SEPA collection then takes days. The record keeps the period already paid for, and these say
-- the collection is under way: `renewal_debit_invoice` the Stripe invoice being collected, and
-- `renewal_debit_since` when Stripe raised it (an ISO instant). Both NULL once it is paid (the
-- period then moves) or refused (the failed-payment path takes over).
ALTER TABLE memberships ADD COLUMN renewal_debit_invoice TEXT;
ALTER TABLE memberships ADD COLUMN renewal_debit_since TEXT;
