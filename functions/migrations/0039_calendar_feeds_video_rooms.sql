-- Office hours: a video room FounderMesh makes for a host, and each member's private calendar feed.

-- 1 when the host chose a generated video room: office_hours.meeting_link then holds it
-- (functions/src/office-hours/video-room.ts), kept across saves until they choose their own link.
ALTER TABLE office_hours ADD COLUMN video_room INTEGER NOT NULL DEFAULT 0 CHECK (video_room IN (0, 1));

-- One feed per member at most. The URL's token is the secret: only its SHA-256 is kept, so a
-- copy of the database cannot read anyone's calendar (functions/src/office-hours/calendar-feed.ts).
CREATE TABLE calendar_feeds (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
