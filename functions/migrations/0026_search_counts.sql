-- How many onboarded members search can find, per member type in all (kind = value = '')
-- and per facet value (kind, value: a profile_tags row), kept by triggers so every way a
-- member or a tag is written or removed (profile saves, the demo seed, the scale generator,
-- an account deleted) keeps them true. A search with no filter, or with one facet whose
-- values no member holds twice, reads its total here and subtracts only the viewer's
-- blocked members and the few unlisted ones (functions/src/search/search-sql.ts) instead of
-- counting every match: at 100,000 members that count read 40,000 to 130,000 rows.
-- The type of a tag's member is users.member_type, as for the no-filter count.
CREATE TABLE search_counts (
  member_type TEXT NOT NULL,
  kind TEXT NOT NULL,                        -- '' = every onboarded member of the type
  value TEXT NOT NULL,
  members INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (member_type, kind, value)
) WITHOUT ROWID;

-- One pass over the users_onboarded_type_created index.
INSERT INTO search_counts (member_type, kind, value, members)
  SELECT member_type, '', '', count(*) FROM users WHERE onboarded = 1 GROUP BY member_type;

-- One pass over profile_tags in key order (grouped without a sort); the advisors' ids are
-- read once into a temporary index that each row probes in memory.
INSERT INTO search_counts (member_type, kind, value, members)
  WITH per_value AS (
    SELECT kind, value, count(*) AS members, sum(user_id IN (SELECT id FROM users WHERE member_type = 'advisor')) AS advisors
    FROM profile_tags GROUP BY kind, value
  )
  SELECT 'founder', kind, value, members - advisors FROM per_value WHERE members > advisors
  UNION ALL
  SELECT 'advisor', kind, value, advisors FROM per_value WHERE advisors > 0;

CREATE TRIGGER users_search_counted_insert AFTER INSERT ON users WHEN NEW.onboarded = 1 BEGIN
  INSERT INTO search_counts (member_type, kind, value, members) VALUES (NEW.member_type, '', '', 1)
    ON CONFLICT (member_type, kind, value) DO UPDATE SET members = members + 1;
END;

CREATE TRIGGER users_search_counted_update AFTER UPDATE OF onboarded, member_type ON users
  WHEN OLD.onboarded IS NOT NEW.onboarded OR OLD.member_type IS NOT NEW.member_type BEGIN
  UPDATE search_counts SET members = members - 1 WHERE OLD.onboarded = 1 AND member_type = OLD.member_type AND kind = '' AND value = '';
  INSERT INTO search_counts (member_type, kind, value, members) SELECT NEW.member_type, '', '', 1 WHERE NEW.onboarded = 1
    ON CONFLICT (member_type, kind, value) DO UPDATE SET members = members + 1;
END;

-- Before the users row goes: its tags are removed first (the cascade would remove them after
-- the row, when their member's type could no longer be read).
CREATE TRIGGER users_search_counted_delete BEFORE DELETE ON users BEGIN
  DELETE FROM profile_tags WHERE user_id = OLD.id;
  UPDATE search_counts SET members = members - 1 WHERE OLD.onboarded = 1 AND member_type = OLD.member_type AND kind = '' AND value = '';
END;

CREATE TRIGGER profile_tags_counted_insert AFTER INSERT ON profile_tags BEGIN
  INSERT INTO search_counts (member_type, kind, value, members)
    SELECT member_type, NEW.kind, NEW.value, 1 FROM users WHERE id = NEW.user_id
    ON CONFLICT (member_type, kind, value) DO UPDATE SET members = members + 1;
END;

CREATE TRIGGER profile_tags_counted_delete AFTER DELETE ON profile_tags BEGIN
  UPDATE search_counts SET members = members - 1
    WHERE member_type = (SELECT member_type FROM users WHERE id = OLD.user_id) AND kind = OLD.kind AND value = OLD.value;
END;
