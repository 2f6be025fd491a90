-- Whether the session's e-mail address was verified with Firebase when it signed in. Staff access
-- requires it, so nobody can claim a staff address by registering it before its owner does.
ALTER TABLE sessions ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
