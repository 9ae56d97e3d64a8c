-- The inbox and the notifications: threads between two members, their messages with
-- attachments and replies, and the notifications each member receives. Ids are
-- 24-character hex strings, times ISO 8601 text in UTC, like 0001.

-- One thread per pair of members, whichever connection row they are on: a removed
-- connection keeps its history (read only) and a new connection reopens the same thread.
CREATE TABLE threads (
  id TEXT PRIMARY KEY NOT NULL,
  pair_key TEXT NOT NULL UNIQUE,             -- the two user ids sorted, joined by ':' (as connections.pair_key)
  last_message_id TEXT,                      -- the newest message (no foreign key: messages point here)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL                   -- when the newest message was sent (or the thread made)
);

-- Each member's side of a thread: what the list reads, one row per member and thread.
CREATE TABLE thread_members (
  thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  other_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unread_count INTEGER NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  last_message_at TEXT,                      -- null until the first message: such threads stay out of the list
  PRIMARY KEY (user_id, thread_id)
);
-- The thread list, newest first, one member at a time (the other member at the end for the block check).
CREATE INDEX thread_members_list ON thread_members (user_id, last_message_at, other_id) WHERE last_message_at IS NOT NULL;
CREATE INDEX thread_members_unread ON thread_members (user_id, unread_count) WHERE unread_count > 0;

CREATE TABLE messages (
  id TEXT PRIMARY KEY NOT NULL,
  thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body TEXT NOT NULL DEFAULT '' CHECK (length(body) <= 5000),
  reply_to_id TEXT REFERENCES messages (id) ON DELETE SET NULL,
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
  deleted_at TEXT,                           -- deleted by its author: body and attachments gone, the row stays for replies
  created_at TEXT NOT NULL
);
-- A thread's messages, paged backwards from the newest.
CREATE INDEX messages_thread_created ON messages (thread_id, created_at, id);
-- Opening a thread marks the reader's unread messages read.
CREATE INDEX messages_unread ON messages (thread_id, to_id) WHERE read = 0;

-- Files sent in messages. Uploaded first (message_id null), then attached when sent.
CREATE TABLE attachments (
  id TEXT PRIMARY KEY NOT NULL,
  owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id TEXT REFERENCES messages (id) ON DELETE CASCADE,
  storage_key TEXT NOT NULL,                 -- the R2 key (never served publicly: only the thread's two members read it)
  name TEXT NOT NULL,
  mime TEXT NOT NULL,                        -- from the file's bytes, not its name
  size INTEGER NOT NULL CHECK (size > 0),
  width INTEGER,
  height INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX attachments_message ON attachments (message_id, position);
CREATE INDEX attachments_owner_unsent ON attachments (owner_id, created_at) WHERE message_id IS NULL;

CREATE TABLE notifications (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,     -- the receiver
  sender_id TEXT REFERENCES users (id) ON DELETE CASCADE,            -- null for the product's own (account changes)
  kind TEXT NOT NULL,                        -- 'connection.requested', 'message.received', 'account.premium', …
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,                                 -- the app path the notification opens
  ref_id TEXT,                               -- what it is about (a thread, a post, a connection)
  is_seen INTEGER NOT NULL DEFAULT 0 CHECK (is_seen IN (0, 1)),
  event_id TEXT UNIQUE,                      -- the domain event it was made from: one notification per event
  created_at TEXT NOT NULL
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at, id);
CREATE INDEX notifications_unseen ON notifications (user_id, kind, ref_id) WHERE is_seen = 0;
