-- Discount codes on membership applications (docs/decisions/0027-discount-codes.md).

-- The code the application was priced with: {"codeId","code","totalPence"} as JSON, or NULL.
-- `amount_due_pence` is already the discounted amount.
ALTER TABLE applications ADD COLUMN discount TEXT;

-- A use of a code by a join application. Such a row keeps the application's id in `order_id`
-- too (the column is the row's key: the id of what used the code) and says it is an
-- application's here. A use by an application counts while the application is not rejected.
ALTER TABLE discount_redemptions ADD COLUMN application_id TEXT;
CREATE INDEX discount_redemptions_application ON discount_redemptions (application_id);
