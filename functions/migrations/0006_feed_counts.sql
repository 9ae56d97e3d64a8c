-- How many posts the feed holds, in all ('') and per group, kept by triggers so every way
-- a post is written or removed (the API, the demo seed, a member's account deleted) keeps
-- them true. A feed page's total reads one row instead of counting 100,000 posts.
CREATE TABLE feed_post_counts (
  group_key TEXT PRIMARY KEY NOT NULL,       -- '' = every post; else a feed_posts.group_name
  posts INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

INSERT INTO feed_post_counts (group_key, posts) SELECT '', count(*) FROM feed_posts;
INSERT INTO feed_post_counts (group_key, posts)
  SELECT group_name, count(*) FROM feed_posts WHERE group_name IS NOT NULL GROUP BY group_name;

CREATE TRIGGER feed_posts_counted_insert AFTER INSERT ON feed_posts BEGIN
  INSERT INTO feed_post_counts (group_key, posts) VALUES ('', 1)
    ON CONFLICT (group_key) DO UPDATE SET posts = posts + 1;
  INSERT INTO feed_post_counts (group_key, posts) SELECT NEW.group_name, 1 WHERE NEW.group_name IS NOT NULL
    ON CONFLICT (group_key) DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER feed_posts_counted_delete AFTER DELETE ON feed_posts BEGIN
  UPDATE feed_post_counts SET posts = posts - 1 WHERE group_key = '';
  UPDATE feed_post_counts SET posts = posts - 1 WHERE group_key = OLD.group_name;
END;

CREATE TRIGGER feed_posts_counted_regroup AFTER UPDATE OF group_name ON feed_posts
  WHEN OLD.group_name IS NOT NEW.group_name BEGIN
  UPDATE feed_post_counts SET posts = posts - 1 WHERE group_key = OLD.group_name;
  INSERT INTO feed_post_counts (group_key, posts) SELECT NEW.group_name, 1 WHERE NEW.group_name IS NOT NULL
    ON CONFLICT (group_key) DO UPDATE SET posts = posts + 1;
END;
