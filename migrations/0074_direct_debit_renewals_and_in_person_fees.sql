-- A Direct Debit member's yearly renewal while the bank collects it (docs/decisions/0080).
-- Stripe moves a subscription to its new period when it raises the renewal invoice; a Bacs or
-- SEPA collection then takes days. The record keeps the period already paid for, and these say
-- the collection is under way: `renewal_debit_invoice` the Stripe invoice being collected, and
-- `renewal_debit_since` when Stripe raised it (an ISO instant). Both NULL once it is paid (the
-- period then moves) or refused (the failed-payment path takes over).
ALTER TABLE memberships ADD COLUMN renewal_debit_invoice TEXT;
ALTER TABLE memberships ADD COLUMN renewal_debit_since TEXT;

-- A membership fee paid in person to a member made by hand (/staff/members/new) is a real payment:
-- an application paid in person, its payment and its numbered receipt, all under the unclaimed
-- record's `email:<address>` id. When that record is claimed (its user id becomes the account's),
-- they follow it, as the import's history does (0058). Receipts never change once issued (0057):
-- their owner may now also move from an unclaimed record's id to the account that claimed it,
-- and nothing else about them; the trigger is 0057's, kept exactly, with that one exception added.
CREATE TRIGGER memberships_claim_moves_payments AFTER UPDATE OF user_id ON memberships
WHEN OLD.user_id LIKE 'email:%' AND NEW.user_id <> OLD.user_id
BEGIN
  UPDATE applications SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
  UPDATE payments SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
  UPDATE receipts SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
END;

DROP TRIGGER receipts_never_changed;
CREATE TRIGGER receipts_never_changed BEFORE UPDATE ON receipts
WHEN NOT (
  (
    NEW.payer_name IS 'Erased member'
    AND NEW.payer_email GLOB 'erased:*'
    AND length(NEW.payer_email) = 71
    AND (OLD.payer_name IS NOT 'Erased member' OR OLD.payer_email IS NEW.payer_email)
    AND NEW.user_id IS OLD.user_id
  ) OR (
    NEW.user_id IS NOT OLD.user_id
    AND EXISTS (SELECT 1 FROM member_merges WHERE merged_user_id = OLD.user_id AND survivor_user_id = NEW.user_id)
    AND NEW.payer_name IS OLD.payer_name AND NEW.payer_email IS OLD.payer_email
  ) OR (
    NEW.user_id IS NOT OLD.user_id
    AND OLD.user_id GLOB 'email:*'
    AND EXISTS (SELECT 1 FROM memberships WHERE user_id = NEW.user_id AND 'email:' || lower(email) = OLD.user_id)
    AND NEW.payer_name IS OLD.payer_name AND NEW.payer_email IS OLD.payer_email
  )
)
OR NOT (
  NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id
  AND NEW.application_id IS OLD.application_id AND NEW.order_id IS OLD.order_id
  AND NEW.items IS OLD.items AND NEW.total_pence IS OLD.total_pence
  AND NEW.method IS OLD.method AND NEW.paid_on IS OLD.paid_on
  AND NEW.payment_reference IS OLD.payment_reference AND NEW.issued_at IS OLD.issued_at
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence
  AND NEW.billing IS OLD.billing
)
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never changed once issued');
END;
