-- Discount codes on webinar orders (docs/decisions/0027-discount-codes.md).

-- The code an order was priced with: {"codeId","code","totalPence"} as JSON, or NULL. Each line
-- in `lines` carries what the code took off it (`discountPence`).
ALTER TABLE orders ADD COLUMN discount TEXT;

-- One row per order that used a code, written in the same batch as the order and only when the
-- code's caps still allow it (the conditional insert decides, so parallel checkouts cannot pass
-- a cap). A use counts while its order is not cancelled: cancelling an order gives it back.
-- No foreign key: the row is written just before its order, which is stored only if the row was.
CREATE TABLE discount_redemptions (
  order_id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX discount_redemptions_code ON discount_redemptions (code, user_id);
