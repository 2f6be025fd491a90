-- E-mail at volume: when Email Service refuses for a rate limit or the daily quota, the whole
-- outbox waits until the window has passed, without using up any message's attempts. One row at
-- most; the queue consumer and the sweep read it once per batch.
CREATE TABLE email_sending_pause (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  paused_until TEXT NOT NULL,
  -- 'rate-limit' or 'daily-quota', and the service's own words (for staff).
  reason TEXT NOT NULL CHECK (reason IN ('rate-limit', 'daily-quota')),
  detail TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The daily job archives sent messages to R2 oldest first, then deletes them from D1.
CREATE INDEX email_outbox_sent ON email_outbox (status, sent_at, id);

-- Staff's "send again all failed <kind> since <date>" reads failed messages by kind and time.
CREATE INDEX email_outbox_failed_kind ON email_outbox (status, kind, updated_at);
