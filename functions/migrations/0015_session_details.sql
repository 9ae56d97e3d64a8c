-- What a member's list of sessions shows (ASVS 3.3.4, settings "Sessions"): the browser's
-- User-Agent as the session was opened (cut to 512 characters; null for sessions opened
-- before this migration or by clients that send none) and when the session was last used
-- (written at most every few minutes by authenticate, so reads stay reads).

ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
