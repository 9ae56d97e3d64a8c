-- Saved people and searches, and the pause (docs/product.md "Saved people and searches", "Pause").

-- A member saved on another member's list, with a private note only the saver reads.
CREATE TABLE saved_members (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, member_id),
  CHECK (user_id <> member_id)
);
-- The list, newest first.
CREATE INDEX saved_members_list ON saved_members (user_id, created_at);

-- A saved founder or advisor search: its query (the search route's filters and words, JSON)
-- and when the daily job last looked for new members matching it (saved/new-matches.ts).
CREATE TABLE saved_searches (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  member_type TEXT NOT NULL CHECK (member_type IN ('founder', 'advisor')),
  query TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_run_at TEXT NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at);
-- The daily job takes the searches whose last run is a day old, oldest first.
CREATE INDEX saved_searches_last_run ON saved_searches (last_run_at);

-- "I'm not looking now": since when the member is paused (null: looking). Paused members are
-- out of matching and member search (members/paused.ts); the partial index holds only them.
ALTER TABLE users ADD COLUMN paused_at TEXT;
CREATE INDEX users_paused ON users (id) WHERE paused_at IS NOT NULL;
