-- Buyers' billing details and pro-forma invoices (docs/decisions/0029-billing-and-pro-forma-invoices.md).

-- The organisation a buyer asked to be invoiced (its name, billing address, purchase-order number
-- and VAT number), as JSON { "organisation", "address": [lines], "purchaseOrder", "vatId" }, or
-- NULL when the buyer gave none: the documents then name the person who pays. Given on the join
-- form (applications) and at checkout (orders).
ALTER TABLE applications ADD COLUMN billing TEXT;
ALTER TABLE orders ADD COLUMN billing TEXT;

-- Frozen onto the receipt when it is issued, like everything else a receipt says: a receipt
-- already issued never changes, and receipts issued before this migration name no organisation.
ALTER TABLE receipts ADD COLUMN billing TEXT;

-- Pro-forma invoices: what a bank-transfer payer is asked to pay, numbered `PF-<year>-<seq>` with
-- the receipts' rules: `seq` counts from 1 within the London calendar year of issue, allocated as
-- MAX(seq) + 1 inside the statement that writes the row (in its own batch, a transaction), so a
-- year's numbers have no gaps; never changed or deleted.
-- `content_key` names what the invoice asks for (the amount, the lines and the billing details):
-- asking again for the same application or order with the same content returns the invoice
-- already issued (the unique index holds under concurrency); a changed amount issues a new one.
CREATE TABLE pro_forma_invoices (
  number TEXT PRIMARY KEY,
  year INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq > 0),
  source TEXT NOT NULL CHECK (source IN ('membership', 'order')),
  application_id TEXT,
  order_id TEXT,
  user_id TEXT NOT NULL,
  content_key TEXT NOT NULL,
  buyer_name TEXT,
  buyer_email TEXT NOT NULL,
  billing TEXT,
  -- The lines asked for, as JSON, each with its VAT split (like receipts.items).
  items TEXT NOT NULL,
  total_pence INTEGER NOT NULL CHECK (total_pence > 0),
  net_pence INTEGER NOT NULL CHECK (net_pence >= 0),
  vat_pence INTEGER NOT NULL CHECK (vat_pence >= 0),
  -- The reference the payer quotes with the transfer (the application's or the order's).
  payment_reference TEXT NOT NULL,
  -- The day payment is due (YYYY-MM-DD, London).
  due_on TEXT NOT NULL,
  -- 'buyer' when issued for the payer's own choice of bank transfer, else the staff member's e-mail.
  issued_by TEXT NOT NULL,
  issued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((source = 'membership' AND application_id IS NOT NULL) OR (source = 'order' AND order_id IS NOT NULL)),
  UNIQUE (year, seq)
);

-- One invoice per application or order and content (NULLs would never collide in a plain UNIQUE).
CREATE UNIQUE INDEX pro_forma_invoices_content ON pro_forma_invoices (source, COALESCE(application_id, order_id), content_key);

CREATE INDEX pro_forma_invoices_user ON pro_forma_invoices (user_id, issued_at);
CREATE INDEX pro_forma_invoices_application ON pro_forma_invoices (application_id, issued_at) WHERE application_id IS NOT NULL;
CREATE INDEX pro_forma_invoices_order ON pro_forma_invoices (order_id, issued_at) WHERE order_id IS NOT NULL;

CREATE TRIGGER pro_forma_invoices_never_deleted BEFORE DELETE ON pro_forma_invoices
BEGIN
  SELECT RAISE(ABORT, 'A pro-forma invoice is never deleted: its number stays issued');
END;

CREATE TRIGGER pro_forma_invoices_never_changed BEFORE UPDATE ON pro_forma_invoices
BEGIN
  SELECT RAISE(ABORT, 'A pro-forma invoice is never changed once issued');
END;
