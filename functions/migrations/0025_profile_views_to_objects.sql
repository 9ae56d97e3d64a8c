-- Profile views move from D1 to one MemberProfileViews Durable Object per member
-- (functions/src/profiles/views-store.ts; docs/decisions.md "Profile views live in one object
-- per member"): each view is kept in the viewed member's object and in the viewer's. The
-- product has not launched, so no rows are copied: a live product would first copy each
-- member's rows into both objects with a one-off job.
DROP INDEX profile_views_viewed;
DROP INDEX profile_views_viewer;
DROP TABLE profile_views;
