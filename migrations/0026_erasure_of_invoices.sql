-- Erasure meets the billing details and pro-forma invoices (migration 0024).
--
-- Receipts gained a `billing` column after the erasure trigger of 0021 listed the columns that must
-- never change; this trigger lists it too, so the organisation a receipt was made out to is as
-- fixed as the rest. A pro-forma invoice, like a receipt, keeps its number, amounts and dates when
-- its payer's account is erased, and loses only the payer: the name becomes 'Erased member' and
-- the address a salted hash ('erased:' and 64 hex digits). The organisation invoiced (billing) stays
-- on both: it names the employer that was asked to pay, not the member.

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
  AND NEW.billing IS OLD.billing
)
BEGIN
  SELECT RAISE(ABORT, 'A receipt is never changed once issued');
END;

DROP TRIGGER pro_forma_invoices_never_changed;

CREATE TRIGGER pro_forma_invoices_never_changed BEFORE UPDATE ON pro_forma_invoices
WHEN NOT (
  NEW.buyer_name IS 'Erased member'
  AND NEW.buyer_email GLOB 'erased:*'
  AND length(NEW.buyer_email) = 71
  AND (OLD.buyer_name IS NOT 'Erased member' OR OLD.buyer_email IS NEW.buyer_email)
  AND NEW.number IS OLD.number AND NEW.year IS OLD.year AND NEW.seq IS OLD.seq
  AND NEW.source IS OLD.source AND NEW.application_id IS OLD.application_id
  AND NEW.order_id IS OLD.order_id AND NEW.user_id IS OLD.user_id
  AND NEW.content_key IS OLD.content_key AND NEW.billing IS OLD.billing
  AND NEW.items IS OLD.items AND NEW.total_pence IS OLD.total_pence
  AND NEW.net_pence IS OLD.net_pence AND NEW.vat_pence IS OLD.vat_pence
  AND NEW.payment_reference IS OLD.payment_reference AND NEW.due_on IS OLD.due_on
  AND NEW.issued_by IS OLD.issued_by AND NEW.issued_at IS OLD.issued_at
)
BEGIN
  SELECT RAISE(ABORT, 'A pro-forma invoice is never changed once issued');
END;
