-- Notifications move from D1 to one MemberNotifications Durable Object per member
-- (functions/src/notifications/store.ts; docs/decisions.md "Notifications live in one object
-- per member"). The product has not launched, so no rows are copied: a live product would
-- first copy each member's rows into their object with a one-off job.

-- The outbox: an action that must leave a notification writes its row here in the action's
-- own batch; the row is delivered to the receiver's object and deleted straight after, and
-- the 10-minute cron delivers what a failed request left (notifications/outbox.ts).
CREATE TABLE notification_outbox (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payload TEXT NOT NULL,                     -- JSON: { input: NotifyInput, at }
  created_at TEXT NOT NULL
);
CREATE INDEX notification_outbox_created ON notification_outbox (created_at);

DROP INDEX notifications_user_created;
DROP INDEX notifications_unseen;
DROP TABLE notifications;
