-- Profiles deep enough to decide (docs/product.md#profiles): a founder's startup, what is
-- built, the responsibilities they take and want a co-founder to take, equity
-- expectations, full-time timing and hours a week now; an advisor's ways of engaging and
-- the stages they help most. All optional: existing members keep NULL or empty lists.
ALTER TABLE founders ADD COLUMN startup_name TEXT;
ALTER TABLE founders ADD COLUMN startup_website TEXT;
ALTER TABLE founders ADD COLUMN built_so_far TEXT;
ALTER TABLE founders ADD COLUMN takes_roles TEXT NOT NULL DEFAULT '[]';
ALTER TABLE founders ADD COLUMN wants_roles TEXT NOT NULL DEFAULT '[]';
ALTER TABLE founders ADD COLUMN equity TEXT CHECK (equity IN ('equal', 'open', 'majority-me', 'majority-cofounder'));
ALTER TABLE founders ADD COLUMN full_time TEXT CHECK (full_time IN ('now', '3-months', '6-months', 'later'));
ALTER TABLE founders ADD COLUMN hours_per_week INTEGER CHECK (hours_per_week BETWEEN 0 AND 80);
ALTER TABLE advisors ADD COLUMN engagements TEXT NOT NULL DEFAULT '[]';
ALTER TABLE advisors ADD COLUMN help_stages TEXT NOT NULL DEFAULT '[]';
