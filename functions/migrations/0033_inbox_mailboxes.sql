-- The inbox moves from D1 to one MemberInbox Durable Object per member
-- (functions/src/inbox/mailbox.ts; docs/decisions.md "The inbox lives in one mailbox per
-- member"): each member keeps their copy of every conversation, its messages and their
-- files' details, so threads, thread_members and messages leave D1 (6.4 KB per member at 1M,
-- half of what it held). The product has not launched, so no rows are copied: a live product
-- would first copy each thread into both members' mailboxes with a one-off job.
--
-- What stays: the attachments' rows, the registry of the files in R2 by owner (the hourly
-- sweep of unsent uploads, the files an erased member leaves). A sent one names its message
-- (in the mailboxes, no foreign key) and its recipient, the one other member who may read it.
CREATE TABLE attachments_sent (
  id TEXT PRIMARY KEY NOT NULL,
  owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id TEXT,                           -- null until a message sends it
  to_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  storage_key TEXT NOT NULL,                 -- the R2 key (never served publicly: only the thread's two members read it)
  name TEXT NOT NULL,
  mime TEXT NOT NULL,                        -- from the file's bytes, not its name
  size INTEGER NOT NULL CHECK (size > 0),
  width INTEGER,
  height INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
INSERT INTO attachments_sent (id, owner_id, message_id, to_id, storage_key, name, mime, size, width, height, position, created_at)
  SELECT a.id, a.owner_id, a.message_id, m.to_id, a.storage_key, a.name, a.mime, a.size, a.width, a.height, a.position, a.created_at
  FROM attachments a LEFT JOIN messages m ON m.id = a.message_id;
DROP TABLE attachments;
ALTER TABLE attachments_sent RENAME TO attachments;
CREATE INDEX attachments_message ON attachments (message_id) WHERE message_id IS NOT NULL;
CREATE INDEX attachments_owner_unsent ON attachments (owner_id, created_at) WHERE message_id IS NULL;

-- Dropping a table deletes its rows first, and each deleted message is looked up among the
-- replies quoting it (a foreign key to itself): without this index that is a scan per row.
CREATE INDEX IF NOT EXISTS messages_reply_to ON messages (reply_to_id);
DROP TABLE messages;
DROP TABLE thread_members;
DROP TABLE threads;

-- A thread with messages its member has not read, since the first of them: what the
-- unread-message mail (missed-mail/unread.ts) looks for, since D1 no longer holds the
-- messages. Written when a message is sent, removed when the member reads the thread.
CREATE TABLE unread_threads (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  thread_id TEXT NOT NULL,
  sender_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  since TEXT NOT NULL,
  PRIMARY KEY (user_id, thread_id)
) WITHOUT ROWID;
CREATE INDEX unread_threads_since ON unread_threads (since);
