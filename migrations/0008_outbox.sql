-- E-mail: the outbox every message is written to first, and the readers' preferences
-- (docs/decisions/0009-email-outbox.md).

-- One row per message. It is inserted in the same D1 batch as the change that causes it, so a
-- change is never committed without its message, and `dedupe_key` (the kind and the event, e.g.
-- `application-received:<application id>`) makes a replayed event insert nothing.
-- Delivery claims a row with one UPDATE (pending/retry -> sending), so two deliveries racing
-- cannot both send it; a claim that is never finished (a crash) ends at `lease_until`.
CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY,
  dedupe_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  -- 'transactional' always goes; any other category can be turned off by its reader.
  category TEXT NOT NULL,
  recipient TEXT NOT NULL,
  -- The reader's user id (preferences and unsubscribe links); null for staff notices.
  user_id TEXT,
  subject TEXT NOT NULL,
  -- The template's data, as JSON.
  data TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'retry', 'sent', 'failed', 'suppressed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  lease_until TEXT,
  last_error TEXT,
  message_id TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The sweep's "what is due" and the staff page's lists by status.
CREATE INDEX email_outbox_status ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_created ON email_outbox (created_at);

-- A reader's choice for a category of optional messages. No row means subscribed.
CREATE TABLE email_preferences (
  user_id TEXT NOT NULL,
  category TEXT NOT NULL,
  subscribed INTEGER NOT NULL CHECK (subscribed IN (0, 1)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, category)
);
