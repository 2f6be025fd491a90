-- The member import brings notes for staff and the day each consent was given (besides honorary,
-- life and concession memberships, which are columns of memberships already: migrations/0051).

-- What a file brings, counted over the rows to write, as for its other history.
ALTER TABLE member_imports ADD COLUMN notes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE member_imports ADD COLUMN consent_dates INTEGER NOT NULL DEFAULT 0;

-- A record the import (or staff) made is held under `email:<address>` until its owner claims it:
-- the notes staff keep on it stay with it (still never shown to the member), as its history does
-- (migrations/0058).
CREATE TRIGGER memberships_claim_moves_notes AFTER UPDATE OF user_id ON memberships
WHEN OLD.user_id LIKE 'email:%' AND NEW.user_id <> OLD.user_id
BEGIN
  UPDATE member_notes SET user_id = NEW.user_id WHERE user_id = OLD.user_id;
END;
