-- Web push and notification preferences (push/): each device a member turned push on for,
-- and what the member wants to hear about and how. A missing preference row means the default.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The browser's push service URL: one device, one row (a re-subscribe replaces it).
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  last_success_at TEXT
);

-- A member's devices, oldest first.
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);

-- Per member and kind: push, email or off (default push; see push/preferences.ts).
CREATE TABLE notification_channels (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('messages', 'messageRequests', 'connectionRequests', 'connectionAccepted', 'mentions', 'replies')),
  channel TEXT NOT NULL CHECK (channel IN ('push', 'email', 'off')),
  PRIMARY KEY (user_id, kind)
);

-- Per member: how often the mail digest goes out (default weekly).
CREATE TABLE notification_settings (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  digest TEXT NOT NULL DEFAULT 'weekly' CHECK (digest IN ('daily', 'weekly', 'off')),
  updated_at TEXT NOT NULL
);
