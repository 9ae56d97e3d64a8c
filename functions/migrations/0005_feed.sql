-- The feed: groups, posts with media and polls, likes, votes, comments and replies, edit
-- history, hashtags and mentions. Counters on the post are kept by the same batch that
-- changes their rows (conditional inserts and deletes), so they never drift.

-- Groups a post may belong to (at most one). Admins manage them; `key` is the address word.
CREATE TABLE feed_groups (
  key TEXT PRIMARY KEY NOT NULL,             -- 'community', 'founders', 'advisors', 'fundraising'
  name TEXT NOT NULL,
  description TEXT,
  audience TEXT NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'founder', 'advisor')), -- who may post in it
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

ALTER TABLE feed_posts ADD COLUMN pinned_at TEXT;
ALTER TABLE feed_posts ADD COLUMN edited_at TEXT;
ALTER TABLE feed_posts ADD COLUMN like_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE feed_posts ADD COLUMN comment_count INTEGER NOT NULL DEFAULT 0; -- comments and replies
-- feed_posts.group_name holds a feed_groups.key (or NULL: no group).
CREATE INDEX feed_posts_created ON feed_posts (created_at, id);
CREATE INDEX feed_posts_group_created ON feed_posts (group_name, created_at, id);
CREATE INDEX feed_posts_pinned ON feed_posts (group_name, pinned_at) WHERE is_pinned = 1;
CREATE INDEX feed_posts_author ON feed_posts (author_user_id, created_at);

-- Media of a post, in order. kind image (JPEG/PNG/WebP/GIF) or video (MP4/WebM).
CREATE TABLE feed_post_media (
  id TEXT PRIMARY KEY NOT NULL,
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  r2_key TEXT NOT NULL,                      -- 'posts/<id>.<ext>'; the media rule of docs/product.md#member-text makes the address
  mime TEXT NOT NULL,
  alt TEXT,
  width INTEGER,
  height INTEGER,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX feed_post_media_post ON feed_post_media (post_id, position);

-- One poll per post at most.
CREATE TABLE feed_polls (
  id TEXT PRIMARY KEY NOT NULL,
  post_id TEXT NOT NULL UNIQUE REFERENCES feed_posts (id) ON DELETE CASCADE,
  question TEXT,
  closes_at TEXT,                            -- NULL: open until the post is deleted
  created_at TEXT NOT NULL
);

CREATE TABLE feed_poll_options (
  id TEXT PRIMARY KEY NOT NULL,
  poll_id TEXT NOT NULL REFERENCES feed_polls (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  vote_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX feed_poll_options_poll ON feed_poll_options (poll_id, position);

-- One vote per member and poll (the primary key).
CREATE TABLE feed_poll_votes (
  poll_id TEXT NOT NULL REFERENCES feed_polls (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  option_id TEXT NOT NULL REFERENCES feed_poll_options (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (poll_id, user_id)
) WITHOUT ROWID;

-- One like per member and post (the primary key): liking twice is a no-op.
CREATE TABLE feed_likes (
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (post_id, user_id)
) WITHOUT ROWID;
CREATE INDEX feed_likes_user ON feed_likes (user_id, post_id);

CREATE TABLE feed_comments (
  id TEXT PRIMARY KEY NOT NULL,
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  author_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  reply_count INTEGER NOT NULL DEFAULT 0,
  edited_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX feed_comments_post ON feed_comments (post_id, created_at, id);

CREATE TABLE feed_replies (
  id TEXT PRIMARY KEY NOT NULL,
  comment_id TEXT NOT NULL REFERENCES feed_comments (id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  author_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  edited_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX feed_replies_comment ON feed_replies (comment_id, created_at, id);

-- Every edit keeps the version it replaced.
CREATE TABLE feed_post_history (
  id TEXT PRIMARY KEY NOT NULL,
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  poll TEXT,                                 -- JSON of the poll as it was, or NULL
  media TEXT NOT NULL DEFAULT '[]',          -- JSON of the media list as it was
  group_name TEXT,
  edited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL                   -- when the version was replaced
);
CREATE INDEX feed_post_history_post ON feed_post_history (post_id, created_at);

-- Hashtags of a post (lowercase, without '#'), for the hashtag feeds.
CREATE TABLE feed_hashtags (
  tag TEXT NOT NULL,
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,                  -- the post's, so a tag's feed reads newest first from the index
  PRIMARY KEY (tag, created_at, post_id)
) WITHOUT ROWID;
CREATE INDEX feed_hashtags_post ON feed_hashtags (post_id);

-- Members tagged in a post or comment (@-mentions).
CREATE TABLE feed_mentions (
  post_id TEXT NOT NULL REFERENCES feed_posts (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment_id TEXT NOT NULL DEFAULT '',       -- '': tagged in the post itself (not NULL: it is in the key)
  created_at TEXT NOT NULL,
  PRIMARY KEY (post_id, user_id, comment_id)
);
CREATE INDEX feed_mentions_user ON feed_mentions (user_id, created_at);

INSERT INTO feed_groups (key, name, description, audience, position, created_at) VALUES
  ('community', 'Community', 'Everyone on FounderMesh', 'all', 0, '2026-01-01T00:00:00.000Z'),
  ('founders', 'Founders', 'Founders talking shop', 'founder', 1, '2026-01-01T00:00:00.000Z'),
  ('advisors', 'Advisors', 'Advisors sharing what works', 'advisor', 2, '2026-01-01T00:00:00.000Z'),
  ('fundraising', 'Fundraising', 'Rounds, investors and term sheets', 'all', 3, '2026-01-01T00:00:00.000Z'),
  ('cofounder-matching', 'Co-founder matching', 'Looking for a co-founder, or to join one', 'all', 4, '2026-01-01T00:00:00.000Z'),
  ('hiring', 'Hiring', 'Roles, first hires and teams', 'all', 5, '2026-01-01T00:00:00.000Z');
