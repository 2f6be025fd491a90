-- A credit note keeps its VAT split, worked out when it is issued (docs/decisions/0030 computed it
-- each time it was shown). The refund is shared across the refunded receipt's lines by the
-- ledger's rule (services/finance/refund-vat.ts) and each share split at its line's treatment:
--   net_pence, vat_pence  the sums of the lines' net and VAT;
--   lines                 JSON, one object per line refunded: description, detail and the split
--                         (treatment, rateBasisPoints, grossPence, netPence, vatPence).
-- All three are NULL on credit notes issued before this migration, and on those of a payment whose
-- receipt has no VAT records (or that has no receipt): readers then work the split out as before.

ALTER TABLE credit_notes ADD COLUMN net_pence INTEGER CHECK (net_pence IS NULL OR net_pence >= 0);
ALTER TABLE credit_notes ADD COLUMN vat_pence INTEGER CHECK (vat_pence IS NULL OR vat_pence >= 0);
ALTER TABLE credit_notes ADD COLUMN lines TEXT CHECK (lines IS NULL OR json_valid(lines));

-- The rule that a credit note never changes covers the new columns; erasure's one exception (the
-- payer's name and address replaced, and nothing else) stays exactly as in 0021.
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
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence AND NEW.lines IS OLD.lines
)
BEGIN
  SELECT RAISE(ABORT, 'A credit note is never changed once issued');
END;
