-- Webinar orders and what they entitle users to watch (docs/decisions/0008-webinar-orders.md).

-- One row per checkout. `idempotency_key` comes from the cart's checkout form, so a double submit
-- or a retry finds the order it made. `lines` is the priced snapshot taken at checkout (prices
-- recomputed at the edge from the CMS, never taken from the browser); `webinar_ids` lists every
-- webinar the order entitles its buyer to once paid (a bundle's webinars included).
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  reference TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'offline', 'free')),
  total_pence INTEGER NOT NULL CHECK (total_pence >= 0),
  status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'cancelled')),
  lines TEXT NOT NULL,
  webinar_ids TEXT NOT NULL,
  checkout_session_id TEXT,
  cancelled_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_status ON orders (status, created_at);

-- Money received for an order: by card (keyed by Stripe's payment id, so a replay inserts
-- nothing) or recorded by staff.
CREATE TABLE order_payments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  method TEXT NOT NULL CHECK (method IN ('card', 'offline')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  received_on TEXT NOT NULL,
  reference TEXT NOT NULL,
  recorded_by TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX order_payments_order ON order_payments (order_id);

-- Who may watch what: one row per user and webinar, from the first paid (or free) order that
-- included it. Webinars free to a user by date or membership need no row: the pricing rules
-- decide those at the moment of viewing.
CREATE TABLE entitlements (
  user_id TEXT NOT NULL,
  webinar_id TEXT NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id),
  granted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, webinar_id)
);

-- Staff actions on orders are logged with the membership ones.
ALTER TABLE staff_audit_log ADD COLUMN order_id TEXT;
