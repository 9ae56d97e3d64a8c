-- Search reads profile_search alone: its rowid becomes each member's search key (their
-- place in search order: picture first, then newest) and a `tags` column holds a token per
-- facet value and one for the member type (functions/src/profiles/search-keys.ts). FTS5 then
-- intersects filters and words in one pass over its doclists, hands out a page in key order
-- without sorting, and counts the matches without reading a profile. At 1,000,000 members
-- the searches that probed profile_tags per member read 130,000 to 800,000 rows each.

-- Each indexed member's key. Deleting the key (a profile no longer indexed, an erased
-- member through the cascade) removes the search row with it.
CREATE TABLE search_keys (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  key INTEGER NOT NULL UNIQUE
) WITHOUT ROWID;

-- 2^52 for a picture, the join time in milliseconds × 1,024, and the rank by id among the
-- members who joined in that millisecond with the same picture state.
INSERT INTO search_keys (user_id, key)
  SELECT user_id, (CASE WHEN picture THEN 4503599627370496 ELSE 0 END) + ms * 1024 + row_number() OVER (PARTITION BY picture, ms ORDER BY user_id) - 1
  FROM (
    SELECT s.user_id AS user_id, coalesce(f.profile_picture_url, a.profile_picture_url) IS NOT NULL AS picture,
      CAST(round((julianday(u.created_at) - 2440587.5) * 86400000) AS INTEGER) AS ms
    FROM profile_search s JOIN users u ON u.id = s.user_id LEFT JOIN founders f ON f.user_id = s.user_id LEFT JOIN advisors a ON a.user_id = s.user_id
  );

CREATE VIRTUAL TABLE profile_search_keyed USING fts5(
  user_id UNINDEXED,
  name,
  headline,
  body,
  tags,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO profile_search_keyed (rowid, user_id, name, headline, body, tags)
  SELECT k.key, s.user_id, s.name, s.headline, s.body,
    'kz' || lower(hex(u.member_type)) || coalesce((
      SELECT ' ' || group_concat('k' || CASE t.kind
          WHEN 'city' THEN 'a' WHEN 'commitment' THEN 'b' WHEN 'expertise' THEN 'c' WHEN 'help' THEN 'd' WHEN 'industry' THEN 'e'
          WHEN 'looking' THEN 'f' WHEN 'remote' THEN 'g' WHEN 'skill' THEN 'h' WHEN 'stage' THEN 'i' WHEN 'technical' THEN 'j' END
        || lower(hex(t.value)), ' ')
      FROM profile_tags t WHERE t.user_id = s.user_id), '')
  FROM profile_search s JOIN search_keys k ON k.user_id = s.user_id JOIN users u ON u.id = s.user_id;

DROP TABLE profile_search;
ALTER TABLE profile_search_keyed RENAME TO profile_search;

CREATE TRIGGER search_keys_removed AFTER DELETE ON search_keys BEGIN
  DELETE FROM profile_search WHERE rowid = OLD.key;
END;
