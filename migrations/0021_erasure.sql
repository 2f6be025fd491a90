-- Erasing a member's account (/user/privacy; docs/decisions/0025-privacy-export-and-erasure.md).
--
-- Receipts and credit notes stay for the accounts, with their numbers, amounts and dates, but
-- lose the payer: the name becomes 'Erased member' and the address a salted hash ('erased:'
-- and 64 hex digits). That is the one change ever allowed to an issued receipt or credit note;
-- any other change, and any change to a row already erased, is still refused.

DROP TRIGGER receipts_never_changed;

CREATE TRIGGER receipts_never_changed BEFORE UPDATE ON receipts
WHEN NOT (
  NEW.payer_name IS 'Erased member'
  AND NEW.payer_email GLOB 'erased:*'
  AND length(NEW.payer_email) = 71
  AND (OLD.payer_name IS NOT 'Erased member' OR OLD.payer_email IS NEW.payer_email)
  AND NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id
  AND NEW.application_id IS OLD.application_id AND NEW.order_id IS OLD.order_id
  AND NEW.user_id IS OLD.user_id AND NEW.items IS OLD.items AND NEW.total_pence IS OLD.total_pence
  AND NEW.method IS OLD.method AND NEW.paid_on IS OLD.paid_on
  AND NEW.payment_reference IS OLD.payment_reference AND NEW.issued_at IS OLD.issued_at
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence
)
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never changed once issued');
END;

DROP TRIGGER credit_notes_never_changed;

CREATE TRIGGER credit_notes_never_changed BEFORE UPDATE ON credit_notes
WHEN NOT (
  NEW.payer_name IS 'Erased member'
  AND NEW.payer_email GLOB 'erased:*'
  AND length(NEW.payer_email) = 71
  AND (OLD.payer_name IS NOT 'Erased member' OR OLD.payer_email IS NEW.payer_email)
  AND NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.refund_id IS OLD.refund_id AND NEW.source IS OLD.source AND NEW.payment_id IS OLD.payment_id
  AND NEW.receipt_number IS OLD.receipt_number AND NEW.application_id IS OLD.application_id
  AND NEW.order_id IS OLD.order_id AND NEW.user_id IS OLD.user_id
  AND NEW.description IS OLD.description AND NEW.reason IS OLD.reason
  AND NEW.total_pence IS OLD.total_pence AND NEW.method IS OLD.method
  AND NEW.refunded_on IS OLD.refunded_on AND NEW.issued_at IS OLD.issued_at
)
BEGIN
  SELECT RAISE(ABORT, 'A credit note is never changed once issued');
END;
