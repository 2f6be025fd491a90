-- VAT on receipts (docs/decisions/0023-vat-and-invoices.md).

-- The VAT treatment of the membership an application is for, taken from the CMS when the
-- application is made (join, renewal or change), so its receipts split VAT the way it was sold.
-- Applications made before this migration were all sold at the standard rate.
ALTER TABLE applications ADD COLUMN vat_treatment TEXT NOT NULL DEFAULT 'standard'
  CHECK (vat_treatment IN ('standard', 'reduced', 'zero', 'exempt'));

-- A receipt's totals of net and VAT, the sums of its lines' own figures (each line in `items`
-- carries its treatment, rate, net and VAT). Both are NULL on receipts issued before VAT was
-- recorded: those are never changed, so they keep saying nothing about VAT.
ALTER TABLE receipts ADD COLUMN net_pence INTEGER CHECK (net_pence IS NULL OR net_pence >= 0);
ALTER TABLE receipts ADD COLUMN vat_pence INTEGER CHECK (vat_pence IS NULL OR vat_pence >= 0);

-- The quarterly VAT summary reads receipts by the day paid.
CREATE INDEX receipts_paid_on ON receipts (paid_on);
