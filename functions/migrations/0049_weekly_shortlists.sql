-- The weekly shortlist (functions/src/shortlist/): each week a member's few best new
-- candidates, and after a match whether the two met and how it went.

-- One shortlist per member and week (week: the ISO week of the member's local Monday,
-- e.g. '2026-W49'); the primary key makes the hourly job idempotent.
CREATE TABLE shortlists (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  week TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, week)
);

-- The members a shortlist showed: one row per member and candidate, ever, so nobody is
-- shortlisted to the same member twice.
CREATE TABLE shortlist_picks (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  candidate_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  week TEXT NOT NULL,
  rank INTEGER NOT NULL,
  score INTEGER NOT NULL,
  reasons TEXT NOT NULL,
  PRIMARY KEY (user_id, candidate_id),
  CHECK (user_id <> candidate_id)
);
CREATE INDEX shortlist_picks_week ON shortlist_picks (user_id, week, rank);

-- "Did you meet? How did it go?": asked of each side some days after a match (asked_at),
-- answered once (met, outcome, answered_at).
CREATE TABLE match_checkins (
  match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  other_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  asked_at TEXT NOT NULL,
  met INTEGER CHECK (met IN (0, 1)),
  outcome TEXT CHECK (outcome IN ('good', 'okay', 'not_a_fit')),
  answered_at TEXT,
  PRIMARY KEY (match_id, user_id),
  CHECK ((answered_at IS NULL) = (met IS NULL)),
  CHECK (met IS NULL OR met = 0 OR outcome IS NOT NULL)
);
-- How a member's matches went, as the others said (ranking reads it by other_id).
CREATE INDEX match_checkins_other ON match_checkins (other_id, outcome) WHERE outcome IS NOT NULL;
-- The member's open questions.
CREATE INDEX match_checkins_open ON match_checkins (user_id, asked_at) WHERE answered_at IS NULL;
-- The job finds matches old enough to ask about.
CREATE INDEX matches_created ON matches (created_at);
