-- What each member agreed to, when, and to which version (issue 28, finding 10;
-- functions/src/consents/): the Terms of Service and the Privacy Policy at registration
-- (by form or by a social sign-in), and the digest mail, given or withdrawn at
-- registration or in the notification settings. Rows are only added: the latest row of a
-- kind is the member's answer now, the earlier ones are its history. They go with the
-- account (ON DELETE CASCADE) and are part of the member's data export (consents.json).
CREATE TABLE consents (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('terms', 'privacy', 'digest')),
  version TEXT NOT NULL,                     -- the version of the document the member saw (src/pages/terms.astro, privacy.astro)
  granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
  source TEXT NOT NULL CHECK (source IN ('registration', 'social-registration', 'settings')),
  created_at TEXT NOT NULL
);
CREATE INDEX consents_user ON consents (user_id, kind, created_at);
