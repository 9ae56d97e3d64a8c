-- The two yes-or-no filters, open to remote work and looking for a co-founder, become a
-- column of the search counters (`flags`: 1 remote, 2 looking) instead of facets of their own.
-- Every member holds exactly one flags value, so a member still adds one to one row per
-- counter; a search with at most two other facets, plus either or both of these, now reads
-- its exact total from the counters (functions/src/search/search-sql.ts) instead of counting
-- its matches in profile_search: at 1,000,000 members a founder search by a skill, an
-- industry, remote and looking walked four doclists until it had counted 1,001 members, 9 to
-- 13 ms of SQLite for every page.
--
-- search_counts: onboarded members per type (kind = value = '') and per facet value;
-- search_pair_counts: per pair of values of two kinds (kind_a < kind_b). Neither holds the
-- kinds 'remote' and 'looking' any more.

DROP TRIGGER users_search_counted_insert;
DROP TRIGGER users_search_counted_update;
DROP TRIGGER users_search_counted_delete;
DROP TRIGGER profile_tags_counted_insert;
DROP TRIGGER profile_tags_counted_delete;
DROP TRIGGER profile_tags_paired_insert;
DROP TRIGGER profile_tags_paired_delete;
DROP TABLE search_counts;
DROP TABLE search_pair_counts;

CREATE TABLE search_counts (
  member_type TEXT NOT NULL,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  flags INTEGER NOT NULL,
  members INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (member_type, kind, value, flags)
) WITHOUT ROWID;

CREATE TABLE search_pair_counts (
  member_type TEXT NOT NULL,
  kind_a TEXT NOT NULL,
  value_a TEXT NOT NULL,
  kind_b TEXT NOT NULL,
  value_b TEXT NOT NULL,
  flags INTEGER NOT NULL,
  members INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (member_type, kind_a, value_a, kind_b, value_b, flags)
) WITHOUT ROWID;

-- A member's flags: two primary-key probes of profile_tags. The counts below read them from
-- this view, and the triggers write the same expression out for NEW and OLD members.
CREATE VIEW search_member_flags AS
  SELECT u.id AS user_id, u.member_type, u.onboarded,
    EXISTS (SELECT 1 FROM profile_tags r WHERE r.kind = 'remote' AND r.value = '1' AND r.user_id = u.id)
      + 2 * EXISTS (SELECT 1 FROM profile_tags l WHERE l.kind = 'looking' AND l.value = '1' AND l.user_id = u.id) AS flags
  FROM users u;

-- What a member counts in besides the flags: in all ('' kind and value) when onboarded, and
-- each facet value they hold; and each pair of values of two kinds (kind_a < kind_b).
CREATE VIEW search_member_values AS
  SELECT id AS user_id, '' AS kind, '' AS value FROM users WHERE onboarded = 1
  UNION ALL SELECT user_id, kind, value FROM profile_tags WHERE kind NOT IN ('remote', 'looking');

CREATE VIEW search_member_pairs AS
  SELECT a.user_id, a.kind AS kind_a, a.value AS value_a, b.kind AS kind_b, b.value AS value_b
  FROM profile_tags a JOIN profile_tags b ON b.user_id = a.user_id AND b.kind > a.kind
  WHERE a.kind NOT IN ('remote', 'looking') AND b.kind NOT IN ('remote', 'looking');

INSERT INTO search_counts (member_type, kind, value, flags, members)
  SELECT f.member_type, v.kind, v.value, f.flags, count(*)
  FROM search_member_values v JOIN search_member_flags f ON f.user_id = v.user_id
  GROUP BY f.member_type, v.kind, v.value, f.flags;

INSERT INTO search_pair_counts (member_type, kind_a, value_a, kind_b, value_b, flags, members)
  SELECT f.member_type, p.kind_a, p.value_a, p.kind_b, p.value_b, f.flags, count(*)
  FROM search_member_pairs p JOIN search_member_flags f ON f.user_id = p.user_id
  GROUP BY f.member_type, p.kind_a, p.value_a, p.kind_b, p.value_b, f.flags;

-- A member counts in all once onboarded, under their flags (none yet when the row is new).
CREATE TRIGGER users_search_counted_insert AFTER INSERT ON users WHEN NEW.onboarded = 1 BEGIN
  INSERT INTO search_counts (member_type, kind, value, flags, members)
    SELECT member_type, '', '', flags, 1 FROM search_member_flags WHERE user_id = NEW.id
    ON CONFLICT (member_type, kind, value, flags) DO UPDATE SET members = members + 1;
END;

CREATE TRIGGER users_search_counted_update AFTER UPDATE OF onboarded, member_type ON users
  WHEN OLD.onboarded IS NOT NEW.onboarded OR OLD.member_type IS NOT NEW.member_type BEGIN
  UPDATE search_counts SET members = members - 1
    WHERE OLD.onboarded = 1 AND member_type = OLD.member_type AND kind = '' AND value = ''
      AND flags = (SELECT flags FROM search_member_flags WHERE user_id = NEW.id);
  INSERT INTO search_counts (member_type, kind, value, flags, members)
    SELECT member_type, '', '', flags, 1 FROM search_member_flags WHERE user_id = NEW.id AND onboarded = 1
    ON CONFLICT (member_type, kind, value, flags) DO UPDATE SET members = members + 1;
END;

-- Before the users row goes: its tags are removed first (the cascade would remove them after
-- the row, when their member's type could no longer be read); the member's flags are then 0.
CREATE TRIGGER users_search_counted_delete BEFORE DELETE ON users BEGIN
  DELETE FROM profile_tags WHERE user_id = OLD.id;
  UPDATE search_counts SET members = members - 1 WHERE OLD.onboarded = 1 AND member_type = OLD.member_type AND kind = '' AND value = '' AND flags = 0;
END;

-- A facet value counts under the member's flags, alone and paired with each of the member's
-- values of other kinds already stored (a profile's tags, inserted one row after another,
-- count each pair once: when its second tag comes).
CREATE TRIGGER profile_tags_counted_insert AFTER INSERT ON profile_tags WHEN NEW.kind NOT IN ('remote', 'looking') BEGIN
  INSERT INTO search_counts (member_type, kind, value, flags, members)
    SELECT member_type, NEW.kind, NEW.value, flags, 1 FROM search_member_flags WHERE user_id = NEW.user_id
    ON CONFLICT (member_type, kind, value, flags) DO UPDATE SET members = members + 1;
  INSERT INTO search_pair_counts (member_type, kind_a, value_a, kind_b, value_b, flags, members)
    SELECT f.member_type,
      CASE WHEN t.kind < NEW.kind THEN t.kind ELSE NEW.kind END, CASE WHEN t.kind < NEW.kind THEN t.value ELSE NEW.value END,
      CASE WHEN t.kind < NEW.kind THEN NEW.kind ELSE t.kind END, CASE WHEN t.kind < NEW.kind THEN NEW.value ELSE t.value END, f.flags, 1
    FROM profile_tags t JOIN search_member_flags f ON f.user_id = t.user_id
    WHERE t.user_id = NEW.user_id AND t.kind <> NEW.kind AND t.kind NOT IN ('remote', 'looking')
    ON CONFLICT (member_type, kind_a, value_a, kind_b, value_b, flags) DO UPDATE SET members = members + 1;
END;

-- A removed facet value leaves its own row and its pairs with the member's remaining values
-- (the users row is still there: users_search_counted_delete removes the tags first).
CREATE TRIGGER profile_tags_counted_delete AFTER DELETE ON profile_tags WHEN OLD.kind NOT IN ('remote', 'looking') BEGIN
  UPDATE search_counts SET members = members - 1
    WHERE (member_type, kind, value, flags) = (SELECT member_type, OLD.kind, OLD.value, flags FROM search_member_flags WHERE user_id = OLD.user_id);
  UPDATE search_pair_counts SET members = members - 1
    WHERE (member_type, flags) = (SELECT member_type, flags FROM search_member_flags WHERE user_id = OLD.user_id)
      AND (kind_a, value_a, kind_b, value_b) IN (
        SELECT CASE WHEN t.kind < OLD.kind THEN t.kind ELSE OLD.kind END, CASE WHEN t.kind < OLD.kind THEN t.value ELSE OLD.value END,
          CASE WHEN t.kind < OLD.kind THEN OLD.kind ELSE t.kind END, CASE WHEN t.kind < OLD.kind THEN OLD.value ELSE t.value END
        FROM profile_tags t WHERE t.user_id = OLD.user_id AND t.kind <> OLD.kind AND t.kind NOT IN ('remote', 'looking'));
END;

-- A flag set or cleared moves everything the member counts in from their flags before
-- (`from_flags`) to their flags now. Written once, as a trigger that an INSERT into this
-- view runs (the view holds no row). A profile save stores the flags before its other tags
-- and removes them after (profiles/index-rows.ts), so that only the in-all row moves.
CREATE VIEW search_flag_moves AS SELECT NULL AS user_id, NULL AS from_flags WHERE 0;

CREATE TRIGGER search_flag_moved INSTEAD OF INSERT ON search_flag_moves BEGIN
  UPDATE search_counts SET members = members - 1
    WHERE member_type = (SELECT member_type FROM users WHERE id = NEW.user_id) AND flags = NEW.from_flags
      AND (kind, value) IN (SELECT kind, value FROM search_member_values WHERE user_id = NEW.user_id);
  INSERT INTO search_counts (member_type, kind, value, flags, members)
    SELECT f.member_type, v.kind, v.value, f.flags, 1 FROM search_member_flags f JOIN search_member_values v ON v.user_id = f.user_id
    WHERE f.user_id = NEW.user_id
    ON CONFLICT (member_type, kind, value, flags) DO UPDATE SET members = members + 1;
  UPDATE search_pair_counts SET members = members - 1
    WHERE member_type = (SELECT member_type FROM users WHERE id = NEW.user_id) AND flags = NEW.from_flags
      AND (kind_a, value_a, kind_b, value_b) IN (SELECT kind_a, value_a, kind_b, value_b FROM search_member_pairs WHERE user_id = NEW.user_id);
  INSERT INTO search_pair_counts (member_type, kind_a, value_a, kind_b, value_b, flags, members)
    SELECT f.member_type, p.kind_a, p.value_a, p.kind_b, p.value_b, f.flags, 1 FROM search_member_flags f JOIN search_member_pairs p ON p.user_id = f.user_id
    WHERE f.user_id = NEW.user_id
    ON CONFLICT (member_type, kind_a, value_a, kind_b, value_b, flags) DO UPDATE SET members = members + 1;
END;

CREATE TRIGGER profile_tags_flag_insert AFTER INSERT ON profile_tags WHEN NEW.kind IN ('remote', 'looking') AND NEW.value = '1' BEGIN
  INSERT INTO search_flag_moves (user_id, from_flags)
    SELECT NEW.user_id, flags - (CASE NEW.kind WHEN 'remote' THEN 1 ELSE 2 END) FROM search_member_flags WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER profile_tags_flag_delete AFTER DELETE ON profile_tags WHEN OLD.kind IN ('remote', 'looking') AND OLD.value = '1' BEGIN
  INSERT INTO search_flag_moves (user_id, from_flags)
    SELECT OLD.user_id, flags + (CASE OLD.kind WHEN 'remote' THEN 1 ELSE 2 END) FROM search_member_flags WHERE user_id = OLD.user_id;
END;
