-- Server-side sessions. The session cookie is a signed token naming one of these rows, so a
-- sign-out (or "sign out everywhere") revokes it even if the cookie is replayed.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  email TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  auth_time INTEGER NOT NULL,
  revoked_at TEXT
);

CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- The membership source for access tiers until the join issue brings the full membership
-- record: who is a member, and until when. Keyed by e-mail (lower case) so staff can grant a
-- membership before the person first signs in; `npm run dev` seeds the demo member.
CREATE TABLE member_status (
  email TEXT PRIMARY KEY,
  user_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'lapsed', 'cancelled')),
  valid_until TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
