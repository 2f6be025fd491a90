-- The membership office: staff change a member's record by hand (services/membership/member-office.ts).

-- Staff actions on a member (not on one application or order) name the member, so their page and
-- their data export find them by an index, never by reading every entry's details.
ALTER TABLE staff_audit_log ADD COLUMN user_id TEXT;
CREATE INDEX staff_audit_log_user ON staff_audit_log (user_id, id) WHERE user_id IS NOT NULL;

-- Notes staff keep on a member: free text, dated, by whom. Shown on the staff timeline only, never
-- to the member; part of their data export; gone with their account.
CREATE TABLE member_notes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  body TEXT NOT NULL,
  staff_email TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX member_notes_user ON member_notes (user_id, created_at);

-- Honorary and life memberships: no period end, no renewal, no reminder.
ALTER TABLE memberships ADD COLUMN honour TEXT CHECK (honour IN ('honorary', 'life'));
-- A concession: the yearly price (pence) of every renewal whose new period starts before `concession_until`.
ALTER TABLE memberships ADD COLUMN concession_pence INTEGER CHECK (concession_pence IS NULL OR concession_pence >= 0);
ALTER TABLE memberships ADD COLUMN concession_until TEXT;
ALTER TABLE memberships ADD COLUMN concession_reason TEXT;
-- A suspension: member access ends while it lasts; the record, its period and its number stay.
ALTER TABLE memberships ADD COLUMN suspended_on TEXT;
ALTER TABLE memberships ADD COLUMN suspension_reason TEXT;
-- Struck off: the status is 'cancelled'; these say why and since when, so it can be reinstated.
ALTER TABLE memberships ADD COLUMN struck_off_on TEXT;
ALTER TABLE memberships ADD COLUMN struck_off_reason TEXT;

-- A suspended member leaves the directory at once and comes back when reinstated (the listing
-- rule of migrations/0038, with the suspension as one more reason not to list).
CREATE TRIGGER directory_listed_on_suspension AFTER UPDATE OF suspended_on ON memberships BEGIN
  UPDATE directory_entries SET listed_until = CASE
      WHEN NEW.status <> 'active' OR NEW.suspended_on IS NOT NULL THEN NULL
      WHEN julianday(NEW.period_end) IS NULL THEN '9999-12-31T23:59:59.999Z'
      ELSE strftime('%Y-%m-%dT%H:%M:%fZ', julianday(NEW.period_end) + CASE WHEN NEW.ends_on IS NULL THEN (SELECT grace_days FROM directory_listing_rule) ELSE 0 END)
    END
  WHERE user_id = NEW.user_id;
END;
