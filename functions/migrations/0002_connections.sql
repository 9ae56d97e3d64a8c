-- Connections between members, blocks, reports for the admin area and the domain-event
-- log the notifications will be delivered from. Ids are 24-character hex strings, times
-- ISO 8601 text in UTC, like 0001.

CREATE TABLE connections (
  id TEXT PRIMARY KEY NOT NULL,
  requester_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  receiver_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pair_key TEXT NOT NULL,                    -- the two user ids sorted, joined by ':'
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'ignored', 'withdrawn', 'removed')),
  note TEXT CHECK (note IS NULL OR length(note) <= 300),
  ignored_at TEXT,                           -- when the receiver ignored it (kept after a withdrawal: the 30-day rule)
  responded_at TEXT,                         -- when the receiver accepted or ignored it
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (requester_id <> receiver_id)
);
-- One open row per pair, whichever way it was asked: two clicks at once cannot leave two.
CREATE UNIQUE INDEX connections_open_pair ON connections (pair_key) WHERE status IN ('pending', 'accepted', 'ignored');
-- The lists and counts read one side each (UNION ALL of both for "my connections"); the
-- other member's id at the end lets pages and the walks of suggestions stay in the index.
CREATE INDEX connections_receiver_status ON connections (receiver_id, status, updated_at, requester_id);
CREATE INDEX connections_requester_status ON connections (requester_id, status, updated_at, receiver_id);
-- The history of a pair (the 30-day rule after an ignored request).
CREATE INDEX connections_pair_history ON connections (pair_key, requester_id);

CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

CREATE TABLE reports (
  id TEXT PRIMARY KEY NOT NULL,
  reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('member', 'post')),
  target_id TEXT NOT NULL,                   -- a user id or a feed post id (no foreign key: either table)
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'fake-profile', 'inappropriate', 'other')),
  details TEXT CHECK (details IS NULL OR length(details) <= 1000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at TEXT NOT NULL
);
-- One open report per reporter and target; a repeat answers the existing one.
CREATE UNIQUE INDEX reports_open_per_reporter ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_status_created ON reports (status, created_at);

CREATE TABLE domain_events (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,                        -- 'connection.requested', 'connection.accepted', …
  actor_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,  -- the member the event is for
  payload TEXT NOT NULL DEFAULT '{}',        -- JSON
  created_at TEXT NOT NULL
);
CREATE INDEX domain_events_subject_created ON domain_events (subject_id, created_at);

-- Suggestions take the newest onboarded members of each type.
CREATE INDEX users_onboarded_type_created ON users (onboarded, member_type, created_at);
