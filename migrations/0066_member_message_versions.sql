-- A draft's version (docs/decisions/0070): every save of a message's text or audience adds one, and
-- a save that names the version it started from is refused once another save has come between (an
-- autosave from a second tab, a colleague's edit), so the later words are never overwritten by the
-- older ones.
ALTER TABLE member_messages ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
