-- A suspended member stays out of the directory whatever else changes while the suspension
-- lasts. Migration 0051 took them out when suspended, but the directory's other listing
-- triggers (migrations/0038) did not read the suspension: a renewal payment recorded during it
-- (a new period end) or a directory entry saved during it listed them again. Both now apply the
-- same rule as the suspension's own trigger.
DROP TRIGGER directory_listed_on_membership_update;
CREATE TRIGGER directory_listed_on_membership_update AFTER UPDATE OF user_id, status, period_end, ends_on ON memberships BEGIN
  UPDATE directory_entries SET listed_until = NULL WHERE user_id = OLD.user_id AND OLD.user_id <> NEW.user_id;
  UPDATE directory_entries SET listed_until = CASE
      WHEN NEW.status <> 'active' OR NEW.suspended_on IS NOT NULL THEN NULL
      WHEN julianday(NEW.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(NEW.period_end) + CASE WHEN NEW.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
  WHERE user_id = NEW.user_id;
END;

DROP TRIGGER directory_entry_inserted;
CREATE TRIGGER directory_entry_inserted AFTER INSERT ON directory_entries BEGIN
  UPDATE directory_entries SET listed_until = (
    SELECT CASE
      WHEN m.status <> 'active' OR m.suspended_on IS NOT NULL THEN NULL
      WHEN julianday(m.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(m.period_end) + CASE WHEN m.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
    FROM memberships m WHERE m.user_id = NEW.user_id)
  WHERE id = NEW.id;
  INSERT INTO directory_search (rowid, display_name, town, specialisation)
    VALUES (NEW.id, NEW.display_name, CASE WHEN NEW.show_town = 1 THEN NEW.town END, CASE WHEN NEW.show_specialisation = 1 THEN NEW.specialisation END);
END;
