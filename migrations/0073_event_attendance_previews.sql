-- An online event's attendance report as staff previewed it (issue 27), kept so that "Import"
-- records exactly what the preview showed without the file being uploaded again. What is kept is
-- the report as read, the minutes each address spent in the session (a JSON object, address to
-- minutes), never the file: it is always smaller than the file, so it fits in a row.
--
-- A preview belongs to the staff member who made it and to its event, and lasts a day
-- (`expires_at`). `event_version` holds the event's facts the minutes were worked out from (its
-- start, end, time zone and minimum share): a preview of an event changed since is refused.
CREATE TABLE event_attendance_previews (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  staff_email TEXT NOT NULL,
  event_version TEXT NOT NULL,
  minutes TEXT NOT NULL,
  rows_without_email INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL
);

-- Clearing expired previews reads them by expiry.
CREATE INDEX event_attendance_previews_expiry ON event_attendance_previews (expires_at);
