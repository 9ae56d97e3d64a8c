-- Introductions: a member's "Interested" or "Not now" on a candidate, and the matches two
-- "Interested" make (functions/src/matching/intents.ts decides both inside the write).

-- One intent per member and candidate. "not_now" hides the candidate until expires_at;
-- "interested" stays (it counts against the weekly invitations from created_at).
CREATE TABLE match_intents (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  candidate_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('interested', 'not_now')),
  created_at TEXT NOT NULL,
  expires_at TEXT,
  PRIMARY KEY (user_id, candidate_id),
  CHECK (user_id <> candidate_id),
  CHECK ((kind = 'not_now') = (expires_at IS NOT NULL))
);
-- "Interested in you": who is interested in a member, newest first.
CREATE INDEX match_intents_candidate ON match_intents (candidate_id, created_at) WHERE kind = 'interested';
-- The weekly invitations a member has used.
CREATE INDEX match_intents_sent ON match_intents (user_id, created_at) WHERE kind = 'interested';

-- One match per pair, ever (pair_key as connections': the two ids sorted, joined by ':').
-- first_id said "Interested" first; second_id's "Interested" made the match.
CREATE TABLE matches (
  id TEXT PRIMARY KEY NOT NULL,
  pair_key TEXT NOT NULL UNIQUE,
  first_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  second_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  connection_id TEXT,
  created_at TEXT NOT NULL,
  CHECK (first_id <> second_id)
);
CREATE INDEX matches_first ON matches (first_id, created_at);
CREATE INDEX matches_second ON matches (second_id, created_at);
