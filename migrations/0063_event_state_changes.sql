-- Staff cancel or postpone a whole event (docs/decisions/0066). The CMS keeps the event's own
-- state field for editors; staff's action is recorded here and laid over what the CMS says, so the
-- site shows it at once. A postponement stands until the CMS gives the event a new start (the
-- start it was postponed from is kept); a cancellation stands for good.
CREATE TABLE event_state_changes (
  event_id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('cancelled', 'postponed')),
  reason TEXT NOT NULL,
  -- Postponing: what staff could say of the new date ("spring 2027"); null when not known.
  new_date_text TEXT,
  -- The CMS's start when the change was made.
  starts_at TEXT NOT NULL,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- Cancelling: set once every order holding places has been settled (refunded, refund due or released).
  settled_at TEXT
);

-- What a cancellation did about each order holding places of the event: the durable progress of
-- the refunds (an order here is done; the next run takes the next orders still holding places).
CREATE TABLE event_cancellation_orders (
  event_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  -- refunded: by card, with its credit note; refund-due: paid offline, staff pay it back;
  -- released: unpaid, the order cancelled; nothing-paid: free or already refunded.
  outcome TEXT NOT NULL CHECK (outcome IN ('refunded', 'refund-due', 'released', 'nothing-paid')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  refund_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (event_id, order_id)
);
