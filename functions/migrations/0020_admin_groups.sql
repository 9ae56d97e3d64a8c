-- Feed groups are archived, never deleted, by administrators: an archived group leaves the
-- members' group list and takes no new posts, while its posts and pins stay where they are.
ALTER TABLE feed_groups ADD COLUMN archived_at TEXT;
