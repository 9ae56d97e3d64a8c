-- Reviews of office-hours sessions (issue 32 item 6, functions/src/reviews): after a confirmed
-- session has ended its guest may rate it once (1–5, a few words) and its host may answer once.
-- A review an administrator removed after a report stays for the record with hidden_at set:
-- hidden reviews are shown nowhere and count in no average.
CREATE TABLE session_reviews (
  id TEXT PRIMARY KEY NOT NULL,
  booking_id TEXT NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,  -- one review per session
  host_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  guest_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,               -- the author
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  answer TEXT CHECK (answer IS NULL OR length(answer) BETWEEN 1 AND 1000),
  answered_at TEXT,
  hidden_at TEXT,
  created_at TEXT NOT NULL
);
-- A host's visible reviews, newest first (the profile's list, count and average).
CREATE INDEX session_reviews_host_created ON session_reviews (host_id, created_at) WHERE hidden_at IS NULL;
CREATE INDEX session_reviews_guest ON session_reviews (guest_id);

-- When the guest was asked to review the session (review.requested, sent once by the cron).
ALTER TABLE bookings ADD COLUMN review_requested_at TEXT;
CREATE INDEX bookings_review_due ON bookings (ends_at) WHERE status = 'confirmed' AND review_requested_at IS NULL;

-- Reviews can be reported and moderated: 'review' joins the targets of reports and of
-- moderation decisions. A CHECK changes only by rebuilding the table, and reports reference
-- moderation_actions and report_snapshots reference reports, so the three are rebuilt
-- together: each new table is made and filled first and points at the other new ones, the old
-- ones are dropped child first (dropping reports before report_snapshots would cascade and
-- delete the snapshots), and the renames carry the foreign keys over to the final names.
PRAGMA defer_foreign_keys = true;

CREATE TABLE moderation_actions_new (
  id TEXT PRIMARY KEY,
  action TEXT NOT NULL CHECK (action IN ('dismiss', 'remove', 'warn', 'suspend', 'unsuspend')),
  target_type TEXT NOT NULL CHECK (target_type IN ('member', 'post', 'comment', 'message', 'review')),
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
INSERT INTO moderation_actions_new SELECT id, action, target_type, target_id, member_id, admin_id, admin_name, reason, suspended_until, reports_handled, precondition_met, created_at
  FROM moderation_actions;

CREATE TABLE reports_new (
  id TEXT PRIMARY KEY NOT NULL,
  reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('member', 'post', 'comment', 'message', 'review')),
  target_id TEXT NOT NULL,                   -- a user, feed post, comment or reply, message, or session review id
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'fake-profile', 'inappropriate', 'other')),
  details TEXT CHECK (details IS NULL OR length(details) <= 1000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at TEXT NOT NULL,
  action_id TEXT REFERENCES moderation_actions_new (id),
  resolved_at TEXT
);
INSERT INTO reports_new SELECT id, reporter_id, target_type, target_id, reason, details, status, created_at, action_id, resolved_at FROM reports;

CREATE TABLE report_snapshots_new (
  report_id TEXT PRIMARY KEY NOT NULL REFERENCES reports_new (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  text TEXT,
  media TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media)),
  written_at TEXT,
  taken_at TEXT NOT NULL
);
INSERT INTO report_snapshots_new SELECT report_id, author_id, author_name, text, media, written_at, taken_at FROM report_snapshots;

DROP TABLE report_snapshots;
DROP TABLE reports;
DROP TABLE moderation_actions;
ALTER TABLE moderation_actions_new RENAME TO moderation_actions;
ALTER TABLE reports_new RENAME TO reports;
ALTER TABLE report_snapshots_new RENAME TO report_snapshots;

CREATE INDEX moderation_actions_target_created ON moderation_actions (target_type, target_id, created_at);
CREATE INDEX moderation_actions_member_created ON moderation_actions (member_id, created_at);
CREATE UNIQUE INDEX reports_open_per_reporter ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_status_created ON reports (status, created_at);
CREATE INDEX reports_target_status ON reports (target_type, target_id, status);
CREATE INDEX reports_action ON reports (action_id) WHERE action_id IS NOT NULL;
CREATE INDEX reports_resolved ON reports (resolved_at) WHERE status = 'resolved';
CREATE INDEX report_snapshots_author ON report_snapshots (author_id);
