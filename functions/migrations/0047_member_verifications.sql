-- Members you can trust (functions/src/verification/): a verified badge for a linked LinkedIn
-- sign-in and for a work address proved by a mailed code.

-- One row per member and way of verifying. 'linkedin' rows follow social_identities (the
-- triggers below); 'work' rows are written when a code is confirmed and carry the proved
-- address's domain. An administrator's withdrawal sets withdrawn_at: the row stays, so the
-- badge does not come back by linking again or proving the same way again.
CREATE TABLE member_verifications (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('linkedin', 'work')),
  email TEXT,
  domain TEXT,
  verified_at TEXT NOT NULL,
  withdrawn_at TEXT,
  PRIMARY KEY (user_id, method),
  CHECK ((method = 'work') = (domain IS NOT NULL AND email IS NOT NULL))
);

-- The code mailed to a work address: one pending per member, only its SHA-256 kept.
CREATE TABLE work_email_codes (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  domain TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  wrong_guesses INTEGER NOT NULL DEFAULT 0,
  sent_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- LinkedIn sign-ins linked before now.
INSERT OR IGNORE INTO member_verifications (user_id, method, verified_at)
  SELECT user_id, 'linkedin', created_at FROM social_identities WHERE provider = 'linkedin';

CREATE TRIGGER linkedin_linked AFTER INSERT ON social_identities WHEN NEW.provider = 'linkedin'
BEGIN
  INSERT OR IGNORE INTO member_verifications (user_id, method, verified_at) VALUES (NEW.user_id, 'linkedin', NEW.created_at);
END;

-- Unlinking takes the badge off, unless an administrator withdrew it (that row stays).
CREATE TRIGGER linkedin_unlinked AFTER DELETE ON social_identities WHEN OLD.provider = 'linkedin'
BEGIN
  DELETE FROM member_verifications WHERE user_id = OLD.user_id AND method = 'linkedin' AND withdrawn_at IS NULL;
END;

-- Search's "verified only" filter: a verified member carries the token '00x1' in
-- profile_search's tags column (functions/src/profiles/search-keys.ts verifiedToken), so the
-- filter is one more term of the FTS5 MATCH. Saving a profile writes it
-- (functions/src/profiles/index-rows.ts); these triggers keep it as badges come and go.
UPDATE profile_search SET tags = tags || ' 00x1'
  WHERE rowid IN (SELECT k.key FROM member_verifications v JOIN search_keys k ON k.user_id = v.user_id WHERE v.withdrawn_at IS NULL);

CREATE TRIGGER member_verifications_added AFTER INSERT ON member_verifications
BEGIN
  UPDATE profile_search SET tags = trim(replace(tags, ' 00x1', '')) || CASE WHEN EXISTS (SELECT 1 FROM member_verifications v WHERE v.user_id = NEW.user_id AND v.withdrawn_at IS NULL) THEN ' 00x1' ELSE '' END
    WHERE rowid = (SELECT key FROM search_keys WHERE user_id = NEW.user_id);
END;

CREATE TRIGGER member_verifications_changed AFTER UPDATE ON member_verifications
BEGIN
  UPDATE profile_search SET tags = trim(replace(tags, ' 00x1', '')) || CASE WHEN EXISTS (SELECT 1 FROM member_verifications v WHERE v.user_id = NEW.user_id AND v.withdrawn_at IS NULL) THEN ' 00x1' ELSE '' END
    WHERE rowid = (SELECT key FROM search_keys WHERE user_id = NEW.user_id);
END;

CREATE TRIGGER member_verifications_removed AFTER DELETE ON member_verifications
BEGIN
  UPDATE profile_search SET tags = trim(replace(tags, ' 00x1', '')) || CASE WHEN EXISTS (SELECT 1 FROM member_verifications v WHERE v.user_id = OLD.user_id AND v.withdrawn_at IS NULL) THEN ' 00x1' ELSE '' END
    WHERE rowid = (SELECT key FROM search_keys WHERE user_id = OLD.user_id);
END;
