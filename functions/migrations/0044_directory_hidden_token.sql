-- The public directory's search (docs/benchmarks.md "Public directory"): a member who opted out
-- of search engines carries a token in profile_search's tags column, '00y' and the hex of their
-- member type (functions/src/profiles/search-keys.ts), so a visitor's search is one FTS5 MATCH
-- (`… NOT tags : (<founder's> OR <advisor's>)`) instead of a list of every opted-out member's key
-- read and probed on each request (functions/src/search/search-sql.ts). Saving a profile writes
-- the token (functions/src/profiles/index-rows.ts); these triggers keep it when the privacy
-- setting changes.
UPDATE profile_search SET tags = tags || ' 00y' || lower(hex((SELECT member_type FROM users WHERE id = profile_search.user_id)))
  WHERE rowid IN (SELECT k.key FROM users u INDEXED BY users_search_opted_out JOIN search_keys k ON k.user_id = u.id WHERE u.search_indexing = 0);

CREATE TRIGGER users_hidden_from_visitors AFTER UPDATE OF search_indexing ON users
  WHEN NEW.search_indexing = 0 AND OLD.search_indexing <> 0
BEGIN
  UPDATE profile_search SET tags = tags || ' 00y' || lower(hex(NEW.member_type))
    WHERE rowid = (SELECT key FROM search_keys WHERE user_id = NEW.id) AND instr(tags, '00y') = 0;
END;

CREATE TRIGGER users_shown_to_visitors AFTER UPDATE OF search_indexing ON users
  WHEN NEW.search_indexing <> 0 AND OLD.search_indexing = 0
BEGIN
  UPDATE profile_search SET tags = trim(replace(tags, '00y' || lower(hex(NEW.member_type)), ''))
    WHERE rowid = (SELECT key FROM search_keys WHERE user_id = NEW.id);
END;
