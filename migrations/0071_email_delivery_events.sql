-- Delivery events reported for the site's e-mail (bounces and complaints), received by the signed
-- webhook POST /api/email/events (docs/decisions/0077-bounce-and-complaint-webhook.md). Each event
-- is kept once under the id its sender gave it, so a retried delivery of the same report counts
-- once. A hard bounce or a complaint also suppresses the address for bulk mail (email_suppressions,
-- migration 0049); a soft bounce is only counted here, for staff to see.
CREATE TABLE email_delivery_events (
  id TEXT PRIMARY KEY,
  -- Lower case, as email_suppressions keeps it.
  email TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('hard_bounce', 'soft_bounce', 'complaint')),
  detail TEXT NOT NULL DEFAULT '',
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The member's page: an address's events, newest first, and its soft bounces counted.
CREATE INDEX email_delivery_events_email ON email_delivery_events (email, type, occurred_at);