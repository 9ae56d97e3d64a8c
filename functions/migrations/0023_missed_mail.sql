-- Mail for what a member missed (missed-mail/): the log that makes each mail go out once, the
-- lists a member left with the one-click unsubscribe, and the headers of development mail.

-- One row per mail sent: member, kind ('unread-message' or 'digest'), what it is about (the
-- conversation; '' for the digest) and the UTC day. The key makes a second send a no-op.
CREATE TABLE mail_log (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('unread-message', 'digest')),
  ref_id TEXT NOT NULL DEFAULT '',
  day TEXT NOT NULL,                         -- YYYY-MM-DD (UTC)
  sent_at TEXT NOT NULL,
  PRIMARY KEY (user_id, kind, ref_id, day)
);
-- The latest digest of a member ("since the last digest").
CREATE INDEX mail_log_user_kind_sent ON mail_log (user_id, kind, sent_at);

-- The mail lists a member unsubscribed from (List-Unsubscribe, RFC 8058).
CREATE TABLE mail_opt_outs (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('messages', 'digest')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, list)
);

-- The extra headers of a development mail (JSON object), so List-Unsubscribe can be checked.
ALTER TABLE dev_mail ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';
