-- Moderation (issue 16): reports of comments and messages besides members and posts, what an
-- administrator decided about each report, member suspensions, and one row per decision.

-- A suspension: since when, until when (NULL with suspended_at set: for good) and why. A
-- member whose suspended_until has passed is no longer suspended; unsuspending clears all three.
ALTER TABLE users ADD COLUMN suspended_at TEXT;
ALTER TABLE users ADD COLUMN suspended_until TEXT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT;
-- The few suspended members, for the lists that leave them out (members/listed.ts).
CREATE INDEX users_suspended ON users (suspended_until) WHERE suspended_at IS NOT NULL;

-- Every moderation decision: what was done (dismiss, remove, warn, suspend, unsuspend), to what
-- thing (the reported target, or the member), by whom (the name copied, so it still reads once
-- that admin account is gone), why, and how many open reports it handled. precondition_met is
-- computed by the INSERT itself from the state the admin acted on (the reports still open, the
-- member not yet suspended, …); when another decision got there first it is 0, the CHECK fails,
-- and the whole D1 batch of the action (its change, its reports, its audit entry) rolls back:
-- two admins acting at once leave exactly one decision.
CREATE TABLE moderation_actions (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('dismiss', 'remove', 'warn', 'suspend', 'unsuspend')),
  target_type TEXT NOT NULL CHECK (target_type IN ('member', 'post', 'comment', 'message')),
  target_id TEXT NOT NULL,
  member_id TEXT,
  admin_id TEXT NOT NULL,
  admin_name TEXT NOT NULL,
  reason TEXT,
  suspended_until TEXT,
  reports_handled INTEGER NOT NULL DEFAULT 0,
  precondition_met INTEGER NOT NULL CHECK (precondition_met = 1),
  created_at TEXT NOT NULL
);
CREATE INDEX moderation_actions_target_created ON moderation_actions (target_type, target_id, created_at);
CREATE INDEX moderation_actions_member_created ON moderation_actions (member_id, created_at);

-- reports again, with comment and message targets (a CHECK changes only by rebuilding the
-- table) and the decision that closed each report. Nothing references reports.
CREATE TABLE reports_new (
  id TEXT PRIMARY KEY NOT NULL,
  reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('member', 'post', 'comment', 'message')),
  target_id TEXT NOT NULL,                   -- a user, feed post, comment or reply, or message id
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'fake-profile', 'inappropriate', 'other')),
  details TEXT CHECK (details IS NULL OR length(details) <= 1000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at TEXT NOT NULL,
  action_id TEXT REFERENCES moderation_actions (id),
  resolved_at TEXT
);
INSERT INTO reports_new (id, reporter_id, target_type, target_id, reason, details, status, created_at)
  SELECT id, reporter_id, target_type, target_id, reason, details, status, created_at FROM reports;
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
CREATE UNIQUE INDEX reports_open_per_reporter ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_status_created ON reports (status, created_at);
CREATE INDEX reports_target_status ON reports (target_type, target_id, status);
CREATE INDEX reports_action ON reports (action_id) WHERE action_id IS NOT NULL;
