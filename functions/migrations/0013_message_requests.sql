-- Message requests (premium/, message-requests/): a Premium member writes to a member
-- they are not connected with. One request per pair of members, whoever sent it: it
-- waits (pending), is accepted (the pair may then write to each other) or declined.
CREATE TABLE message_requests (
  id TEXT PRIMARY KEY,
  sender_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The two user ids sorted and joined by ':' (as connections.pair_key, threads.pair_key).
  pair_key TEXT NOT NULL UNIQUE,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
  created_at TEXT NOT NULL,
  answered_at TEXT
);

-- The recipient's Requests folder: pending ones, newest first.
CREATE INDEX message_requests_inbox ON message_requests (recipient_id, created_at) WHERE status = 'pending';
-- The sender's allowance: requests sent since the start of the month.
CREATE INDEX message_requests_sent ON message_requests (sender_id, created_at);

-- Privacy: false turns message requests off (nobody may send this member one).
ALTER TABLE users ADD COLUMN accepts_message_requests INTEGER NOT NULL DEFAULT 1;
