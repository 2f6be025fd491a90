-- Every cache purge the CMS webhook asks for, so editors and staff can confirm that a publish
-- reached the site ("did my change go live?") and operators can see purge storms.
CREATE TABLE purge_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  event TEXT,
  model TEXT,
  operations TEXT NOT NULL,
  invalidated INTEGER NOT NULL
);

CREATE INDEX purge_log_received_at ON purge_log (received_at);
