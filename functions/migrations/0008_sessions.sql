-- Server-side sessions: every session token names its row here (claim `sid`), and a token
-- is accepted only while its row is neither ended nor expired. Signing out, signing out
-- everywhere and a password change or reset end rows, so a copied token stops working at
-- once (ASVS 3.3.1) and the member's live sockets of those sessions are closed.
-- Times are ISO 8601 text in UTC, like 0001.

CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,              -- 24 hex characters, the token's `sid`
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,                  -- the `exp` of the newest token of the session
  ended_at TEXT,                             -- null while the session is live
  end_reason TEXT CHECK (end_reason IN ('signed-out', 'signed-out-everywhere', 'password-changed', 'password-reset'))
);
-- The member's live sessions (sign out everywhere, password changes) and the pruning of expired rows.
CREATE INDEX sessions_user_expires ON sessions (user_id, expires_at);
