-- Where a job that walks every member stopped, one row per job (the hourly digest, an
-- account deletion cleaning other members' notification objects): the next run starts
-- after `cursor` (a user id; '' = from the first) instead of from the first member again.
CREATE TABLE job_cursors (
  job TEXT PRIMARY KEY,
  cursor TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
