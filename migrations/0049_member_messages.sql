-- Talking to members: marketing topics and each member's consent to them, bulk messages to chosen
-- audiences, who each was written to, and addresses suppressed after a bounce or complaint
-- (docs/decisions/0053-member-messages.md).

-- The topics a member may opt in to (the newsletter, events near them, research and journals…).
-- Kept in D1 beside the consents, so an audience is one indexed query and the import's consents
-- column can be matched by name in SQL. Operators add or rename topics with a statement (see the
-- operators' guide); a topic is retired, never deleted, so old consents keep their meaning.
CREATE TABLE message_topics (
  slug TEXT PRIMARY KEY CHECK (slug GLOB '[a-z0-9]*' AND length(slug) <= 40),
  label TEXT NOT NULL,
  description TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  retired INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
);

INSERT INTO message_topics (slug, label, description, position) VALUES
  ('newsletter', 'The newsletter', 'The monthly newsletter: news of the society, its members and the profession.', 1),
  ('events-near-me', 'Events near me', 'Study days, meetings and visits in your region.', 2),
  ('research-and-journals', 'Research and journals', 'New issues of the journals, calls for papers and research news.', 3);

-- One row per member and topic they have ever answered: whether they consent now, and when and
-- how it was last given and last withdrawn (UK GDPR and PECR: consent must be provable). No row:
-- no consent (opt-ins are unticked by default).
CREATE TABLE member_consents (
  user_id TEXT NOT NULL,
  topic TEXT NOT NULL REFERENCES message_topics (slug),
  consented INTEGER NOT NULL CHECK (consented IN (0, 1)),
  -- How: 'join-form', 'register', 'account', 'unsubscribe-link', 'preferences-link', 'import'.
  given_at TEXT,
  given_via TEXT,
  withdrawn_at TEXT,
  withdrawn_via TEXT,
  PRIMARY KEY (user_id, topic)
);

-- An audience starts from the members who consent to the message's topic, in user id order (keyset pages).
CREATE INDEX member_consents_audience ON member_consents (topic, consented, user_id);

-- The import's consents column (memberships.consents, a JSON array of names) becomes consent to
-- the topics it names, recorded as given by the import, unless the member has answered already.
-- The triggers test with NOT EXISTS rather than OR IGNORE: in a trigger, an upsert of memberships
-- would replace OR IGNORE with its own conflict handling and abort (see migration 0043).
INSERT OR IGNORE INTO member_consents (user_id, topic, consented, given_at, given_via)
SELECT m.user_id, t.slug, 1, m.updated_at, 'import'
FROM memberships AS m, json_each(m.consents) AS c
JOIN message_topics AS t ON t.slug = c.value
WHERE m.consents IS NOT NULL AND json_valid(m.consents);

CREATE TRIGGER member_consents_from_import_insert AFTER INSERT ON memberships
WHEN NEW.consents IS NOT NULL AND json_valid(NEW.consents)
BEGIN
  INSERT INTO member_consents (user_id, topic, consented, given_at, given_via)
  SELECT NEW.user_id, t.slug, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'import'
  FROM json_each(NEW.consents) AS c JOIN message_topics AS t ON t.slug = c.value
  WHERE NOT EXISTS (SELECT 1 FROM member_consents AS mc WHERE mc.user_id = NEW.user_id AND mc.topic = t.slug);
END;

CREATE TRIGGER member_consents_from_import_update AFTER UPDATE OF consents ON memberships
WHEN NEW.consents IS NOT NULL AND json_valid(NEW.consents)
BEGIN
  INSERT INTO member_consents (user_id, topic, consented, given_at, given_via)
  SELECT NEW.user_id, t.slug, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'import'
  FROM json_each(NEW.consents) AS c JOIN message_topics AS t ON t.slug = c.value
  WHERE NOT EXISTS (SELECT 1 FROM member_consents AS mc WHERE mc.user_id = NEW.user_id AND mc.topic = t.slug);
END;

-- An imported record is claimed by its owner's account: the consents follow the record.
CREATE TRIGGER member_consents_follow_claim AFTER UPDATE OF user_id ON memberships
WHEN NEW.user_id <> OLD.user_id
BEGIN
  UPDATE member_consents SET user_id = NEW.user_id
  WHERE user_id = OLD.user_id AND NOT EXISTS (SELECT 1 FROM member_consents AS mine WHERE mine.user_id = NEW.user_id AND mine.topic = member_consents.topic);
END;

-- A bulk message: written by staff, sent to an audience (filters as JSON) who consent to its topic.
CREATE TABLE member_messages (
  id TEXT PRIMARY KEY,
  subject TEXT NOT NULL DEFAULT '',
  preheader TEXT NOT NULL DEFAULT '',
  -- What staff wrote (the constrained markup) and what it became: sanitised HTML and plain text.
  body TEXT NOT NULL DEFAULT '',
  body_html TEXT NOT NULL DEFAULT '',
  body_text TEXT NOT NULL DEFAULT '',
  topic TEXT NOT NULL REFERENCES message_topics (slug),
  audience TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  scheduled_at TEXT,
  -- The fan-out's place: every audience member with a user id up to here has their recipient row.
  fan_out_after TEXT NOT NULL DEFAULT '',
  recipients INTEGER NOT NULL DEFAULT 0,
  unsubscribed INTEGER NOT NULL DEFAULT 0,
  published_at TEXT,
  created_by TEXT NOT NULL,
  sent_by TEXT,
  started_at TEXT,
  finished_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Staff's list (newest first), the cron's "what is due or still fanning out", the public archive.
CREATE INDEX member_messages_updated ON member_messages (updated_at, id);
CREATE INDEX member_messages_due ON member_messages (status, scheduled_at) WHERE status IN ('scheduled', 'sending');
CREATE INDEX member_messages_published ON member_messages (published_at, id) WHERE published_at IS NOT NULL;

-- One row per message and person: the primary key is what makes a send reach each person once,
-- however often the fan-out is interrupted and run again. `outbox_id` is their e-mail.
CREATE TABLE member_message_recipients (
  message_id TEXT NOT NULL REFERENCES member_messages (id),
  user_id TEXT NOT NULL,
  email TEXT NOT NULL,
  outbox_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (message_id, user_id)
);

-- The member's page: the bulk messages they were sent.
CREATE INDEX member_message_recipients_user ON member_message_recipients (user_id, created_at);

-- Addresses bulk mail no longer goes to: a bounce or complaint reported for them. Transactional
-- mail still goes (Email Service refuses what it has suppressed itself). Staff clear one with a note.
CREATE TABLE email_suppressions (
  email TEXT PRIMARY KEY,
  reason TEXT NOT NULL CHECK (reason IN ('bounce', 'complaint')),
  detail TEXT NOT NULL DEFAULT '',
  suppressed_at TEXT NOT NULL,
  cleared_at TEXT,
  cleared_by TEXT,
  cleared_note TEXT
);
