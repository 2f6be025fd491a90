-- The register's live tabs split active records into those set to end (`ends_on`: the member
-- cancelled, or a fixed-term membership) and those that renew. memberships_state_end (0037)
-- orders by status and period end only, so the "set to end" window read every active record past
-- its bound to find the few that end: at 500,000 records the active tab took seconds. With the
-- flag in the key, each window reads only its own rows. The register's conditions compare the
-- same expression with `= 1` or `= 0` so that SQLite uses this index.
CREATE INDEX memberships_state_ending_end ON memberships (status, (COALESCE(ends_on, '') <> ''), COALESCE(unixepoch(period_end, 'subsec'), 100000000000), user_id);
