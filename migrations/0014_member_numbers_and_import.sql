-- Member numbers, and the members brought across from the society's old records (the staff
-- import at /staff/members/import).

-- A member's number: given once, when the membership first becomes active, and kept for good
-- (a lapse and a renewal keep it). Imported members keep the numbers they already had.
ALTER TABLE memberships ADD COLUMN member_number INTEGER;
CREATE UNIQUE INDEX memberships_member_number ON memberships (member_number);

-- Set on a record the import made: the address it was imported under (lower case). It stays
-- when the owner claims the record, so a second run of the same file finds the same record, and
-- the import never touches a record it did not make.
ALTER TABLE memberships ADD COLUMN import_email TEXT;
CREATE UNIQUE INDEX memberships_import_email ON memberships (import_email);

-- What the import brought that the join form keeps in the application: the member's name, postal
-- address, and consents (a JSON array of names, e.g. ["newsletter","directory"]).
ALTER TABLE memberships ADD COLUMN member_name TEXT;
ALTER TABLE memberships ADD COLUMN postal_address TEXT;
ALTER TABLE memberships ADD COLUMN consents TEXT;

-- Numbers for the members there already are: everyone whose membership has been active, oldest
-- change first.
UPDATE memberships SET member_number = (
  SELECT COUNT(*) FROM memberships AS earlier
  WHERE (earlier.status IN ('active', 'lapsed') OR earlier.period_end IS NOT NULL)
    AND (earlier.updated_at < memberships.updated_at OR (earlier.updated_at = memberships.updated_at AND earlier.user_id <= memberships.user_id))
)
WHERE status IN ('active', 'lapsed') OR period_end IS NOT NULL;

-- Activation, wherever it happens (a staff payment, Stripe, an import without a number, a
-- renewal), gives the next number after the highest. The trigger runs inside the statement that
-- activates, and D1 runs one statement at a time, so two activations at once can never take
-- the same number or leave a gap; the unique index is the last guard.
CREATE TRIGGER memberships_number_on_insert AFTER INSERT ON memberships
WHEN NEW.status = 'active' AND NEW.member_number IS NULL
BEGIN
  UPDATE memberships SET member_number = (SELECT COALESCE(MAX(member_number), 0) + 1 FROM memberships) WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER memberships_number_on_activation AFTER UPDATE OF status ON memberships
WHEN NEW.status = 'active' AND NEW.member_number IS NULL
BEGIN
  UPDATE memberships SET member_number = (SELECT COALESCE(MAX(member_number), 0) + 1 FROM memberships) WHERE user_id = NEW.user_id;
END;
