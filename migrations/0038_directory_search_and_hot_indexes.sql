-- Real sizes: the member directory searched through a full-text index and paged by key, and the
-- indexes the hot paths' queries need (docs/decisions/0041-directory-search.md).

-- The directory entries get a stable integer key (the search index's rowid: a table without an
-- INTEGER PRIMARY KEY may renumber its rowids) and `listed_until`, the instant the member drops
-- out of the directory: the membership's period end, plus the grace days unless the membership
-- is set to end then (services/membership/member-state.ts); far in the future for an open-ended
-- membership; NULL when the membership is not active or there is none. Triggers below keep it
-- with every membership write, so the listing asks `listed_until > now` on an index.
CREATE TABLE directory_entries_keyed (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  town TEXT,
  workplace TEXT,
  specialisation TEXT,
  email TEXT,
  phone TEXT,
  show_town INTEGER NOT NULL DEFAULT 0 CHECK (show_town IN (0, 1)),
  show_workplace INTEGER NOT NULL DEFAULT 0 CHECK (show_workplace IN (0, 1)),
  show_specialisation INTEGER NOT NULL DEFAULT 1 CHECK (show_specialisation IN (0, 1)),
  show_email INTEGER NOT NULL DEFAULT 0 CHECK (show_email IN (0, 1)),
  show_phone INTEGER NOT NULL DEFAULT 0 CHECK (show_phone IN (0, 1)),
  listed_until TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO directory_entries_keyed (user_id, display_name, town, workplace, specialisation, email, phone,
                                     show_town, show_workplace, show_specialisation, show_email, show_phone, updated_at)
  SELECT user_id, display_name, town, workplace, specialisation, email, phone,
         show_town, show_workplace, show_specialisation, show_email, show_phone, updated_at
  FROM directory_entries ORDER BY display_name COLLATE NOCASE, user_id;
DROP TABLE directory_entries;
ALTER TABLE directory_entries_keyed RENAME TO directory_entries;

-- The listing's one index: in name order (the page order and its key), with listed_until beside
-- it so who is listed is read from the index itself.
CREATE INDEX directory_entries_listing ON directory_entries (display_name COLLATE NOCASE, id, listed_until);

-- The grace days the triggers add (MEMBERSHIP_GRACE_DAYS). A trigger cannot read the Worker's
-- configuration, so the daily job writes it here and, when it changed, works listed_until out again.
CREATE TABLE directory_listing_rule (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  grace_days INTEGER NOT NULL CHECK (grace_days >= 0)
);
INSERT INTO directory_listing_rule (id, grace_days) VALUES (1, 30);

-- What members search by: the name, and the town and specialisation only where their owner shows
-- them (a hidden value is never indexed, so a search cannot reveal it). rowid = directory_entries.id.
-- unicode61 without stemming: a search is a prefix of a name or a place, and a stemmer turns a half-typed
-- word into a stem the full word does not share.
CREATE VIRTUAL TABLE directory_search USING fts5(
  display_name, town, specialisation,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
INSERT INTO directory_search (rowid, display_name, town, specialisation)
  SELECT id, display_name, CASE WHEN show_town = 1 THEN town END, CASE WHEN show_specialisation = 1 THEN specialisation END
  FROM directory_entries;

CREATE TRIGGER directory_entry_inserted AFTER INSERT ON directory_entries BEGIN
  UPDATE directory_entries SET listed_until = (
    SELECT CASE
      WHEN m.status <> 'active' THEN NULL
      WHEN julianday(m.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
    FROM memberships m WHERE m.user_id = NEW.user_id)
  WHERE id = NEW.id;
  INSERT INTO directory_search (rowid, display_name, town, specialisation)
    VALUES (NEW.id, NEW.display_name, CASE WHEN NEW.show_town = 1 THEN NEW.town END, CASE WHEN NEW.show_specialisation = 1 THEN NEW.specialisation END);
END;

CREATE TRIGGER directory_entry_updated AFTER UPDATE OF display_name, town, specialisation, show_town, show_specialisation ON directory_entries BEGIN
  DELETE FROM directory_search WHERE rowid = OLD.id;
  INSERT INTO directory_search (rowid, display_name, town, specialisation)
    VALUES (NEW.id, NEW.display_name, CASE WHEN NEW.show_town = 1 THEN NEW.town END, CASE WHEN NEW.show_specialisation = 1 THEN NEW.specialisation END);
END;

CREATE TRIGGER directory_entry_deleted AFTER DELETE ON directory_entries BEGIN
  DELETE FROM directory_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER directory_listed_on_membership_insert AFTER INSERT ON memberships BEGIN
  UPDATE directory_entries SET listed_until = CASE
      WHEN NEW.status <> 'active' THEN NULL
      WHEN julianday(NEW.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(NEW.period_end) + CASE WHEN NEW.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
  WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER directory_listed_on_membership_update AFTER UPDATE OF user_id, status, period_end, ends_on ON memberships BEGIN
  UPDATE directory_entries SET listed_until = NULL WHERE user_id = OLD.user_id AND OLD.user_id <> NEW.user_id;
  UPDATE directory_entries SET listed_until = CASE
      WHEN NEW.status <> 'active' THEN NULL
      WHEN julianday(NEW.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(NEW.period_end) + CASE WHEN NEW.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
  WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER directory_listed_on_membership_delete AFTER DELETE ON memberships BEGIN
  UPDATE directory_entries SET listed_until = NULL WHERE user_id = OLD.user_id;
END;

UPDATE directory_entries SET listed_until = (
  SELECT CASE
    WHEN m.status <> 'active' THEN NULL
    WHEN julianday(m.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
    ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
  END
  FROM memberships m WHERE m.user_id = directory_entries.user_id);

-- The hot paths' lookups.
-- Owners of a webinar (the daily job's notices): the primary key starts with user_id.
CREATE INDEX entitlements_webinar ON entitlements (webinar_id, user_id);
-- An application's or order's audit entries (every staff application and order page).
CREATE INDEX staff_audit_log_application ON staff_audit_log (application_id, id) WHERE application_id IS NOT NULL;
CREATE INDEX staff_audit_log_order ON staff_audit_log (order_id, id) WHERE order_id IS NOT NULL;
-- The staff e-mail list by status, newest first (failed first of all).
CREATE INDEX email_outbox_status_created ON email_outbox (status, created_at);
-- The schedule upkeep for everyone (the daily job): only the few records and changes with a schedule.
CREATE INDEX memberships_next_change ON memberships (user_id) WHERE next_membership_slug IS NOT NULL;
CREATE INDEX membership_changes_scheduled ON membership_changes (user_id) WHERE status = 'scheduled';

-- Statistics for the planner on the new indexes (cheap: it analyses only what needs it).
PRAGMA optimize;
