-- Invitations (docs/product.md "Invitations"): a member invites someone by email; the mail
-- carries a token whose SHA-256 is kept here (the token itself never is). The invited person
-- registers through it and the row records who joined. The weekly allowance and the refusal
-- of a repeat are decided by the insert itself (functions/src/invitations/store.ts).
-- The inviter's deletion leaves the invitation (it still leads into registration, naming
-- nobody); the invitee's deletion leaves "joined" without them and without their address.
CREATE TABLE invitations (
  id TEXT PRIMARY KEY NOT NULL,
  inviter_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  email TEXT NOT NULL,                              -- normalised (lower case), '' once the invitee deleted their account
  token_hash TEXT NOT NULL UNIQUE,                  -- hex SHA-256 of the mailed token
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  invitee_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  joined_at TEXT
);
-- A member's invitations, newest first, and their count in the last week.
CREATE INDEX invitations_inviter_created ON invitations (inviter_id, created_at);
-- An address's open invitations: the repeat check and the account deletion of the invitee.
CREATE INDEX invitations_email ON invitations (email);
CREATE INDEX invitations_invitee ON invitations (invitee_id) WHERE invitee_id IS NOT NULL;
