-- The staff's second factor and the sessions that pass it (security review, issue 23;
-- docs/decisions/0024-staff-roles-and-second-factor.md, "Amended").

-- A pending secret belongs to the session that started setting it up: only that session is
-- shown it and may confirm it. NULL for a confirmed secret, and for one pending before this
-- migration (the next set-up page replaces it).
ALTER TABLE staff_second_factors ADD COLUMN pending_session_id TEXT;

-- Resetting or removing a member's second factor signs out every session of theirs that passed
-- it. Only sessions that passed one are indexed, so the index stays as small as the staff.
CREATE INDEX sessions_passed_second_factor ON sessions (lower(email)) WHERE second_factor_at IS NOT NULL;
