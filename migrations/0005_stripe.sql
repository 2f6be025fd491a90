-- Card payments through Stripe (docs/decisions/0007-card-payments.md).

-- Every Stripe webhook event handled, by Stripe's event id: a replayed event is acknowledged
-- and changes nothing. An event is recorded only after it was handled, so one that failed
-- half-way is handled again when Stripe retries it (every handler is idempotent).
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  -- When Stripe created the event (seconds since the epoch).
  stripe_created INTEGER NOT NULL,
  handled_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The Stripe objects behind a card-paid membership.
ALTER TABLE memberships ADD COLUMN stripe_customer_id TEXT;
ALTER TABLE memberships ADD COLUMN stripe_subscription_id TEXT;
-- The subscription's own status (active, past_due, canceled, ...), shown to the member.
ALTER TABLE memberships ADD COLUMN billing_status TEXT;
CREATE UNIQUE INDEX memberships_subscription ON memberships (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL;

-- The Checkout session opened for an application; a resumed payment reuses it while it is open.
ALTER TABLE applications ADD COLUMN checkout_session_id TEXT;
