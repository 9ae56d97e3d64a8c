-- Social sign-in (Google, LinkedIn, GitHub): the provider identities linked to a member,
-- keyed by (provider, subject) — the provider's stable account id, never the email, which
-- can change hands. A member links at most one account per provider. The email the
-- provider reported at linking time is kept only to show it under "Sign-in methods".
-- A member with no password (signed up through a provider) has users.password_hash set to
-- the marker `!no-password`, which no password ever verifies (auth/social/passwordless.ts).

CREATE TABLE social_identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
);

CREATE UNIQUE INDEX social_identities_user_provider ON social_identities (user_id, provider);
