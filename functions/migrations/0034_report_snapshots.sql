-- What a report was about, as the reporter saw it (issue 28): the moderation queue read the
-- reported post, comment or message live, so its author could erase the evidence by deleting
-- it. One snapshot per report, written in the batch that files it (reports/snapshots.ts).
--
-- How long it lives (docs/decisions.md "Reports keep a snapshot of what was reported"): while
-- the report is open and for 90 days after it was resolved, then the hourly job deletes it.
-- The reporter's account deletion takes it with the report (the foreign key); the reported
-- author's keeps it, their id handed to the "Deleted member" stand-in like their moderation
-- decisions, their name as it was (account-deletion/erase.ts).
CREATE TABLE report_snapshots (
  report_id TEXT PRIMARY KEY NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL,                   -- who wrote it (the member, for a member report); no foreign key: it outlives the account
  author_name TEXT NOT NULL,                 -- their name when reported
  text TEXT,                                 -- the post, comment or message; NULL for a member
  media TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(media)), -- [{ key, mime, name, alt }]: references only, the R2 files go with the content
  written_at TEXT,                           -- when it was written; NULL for a member
  taken_at TEXT NOT NULL
);
CREATE INDEX report_snapshots_author ON report_snapshots (author_id);

-- The hourly purge finds the reports resolved before its cutoff.
CREATE INDEX reports_resolved ON reports (resolved_at) WHERE status = 'resolved';
