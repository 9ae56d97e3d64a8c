-- Office hours' notices (functions/src/office-hours/notices.ts, reminders.ts).

-- notification_channels.kind loses its CHECK: the app's enum (db/schema.ts
-- notificationPreferenceKinds, checked by the preferences route) is the one list of kinds,
-- so a feature adding a kind ('sessions' here) needs no table rebuild (docs/decisions.md).
-- SQLite cannot drop a CHECK in place: the table is rebuilt once, rows kept.
CREATE TABLE notification_channels_new (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('push', 'email', 'off')),
  PRIMARY KEY (user_id, kind)
);
INSERT INTO notification_channels_new (user_id, kind, channel) SELECT user_id, kind, channel FROM notification_channels;
DROP TABLE notification_channels;
ALTER TABLE notification_channels_new RENAME TO notification_channels;

-- A change of plans: who moved the session, why, and from when.
ALTER TABLE bookings ADD COLUMN rescheduled_by TEXT;
ALTER TABLE bookings ADD COLUMN reschedule_reason TEXT;
ALTER TABLE bookings ADD COLUMN rescheduled_from INTEGER;
-- The host's note when marking a no-show.
ALTER TABLE bookings ADD COLUMN no_show_reason TEXT;
-- Reminders sent: the starts_at each was sent for (a moved session differs, so it gets its own).
ALTER TABLE bookings ADD COLUMN day_reminder_for INTEGER;
ALTER TABLE bookings ADD COLUMN hour_reminder_for INTEGER;
-- The reminder sweep reads confirmed sessions by start time.
CREATE INDEX bookings_confirmed_start ON bookings (starts_at) WHERE status = 'confirmed';

-- The development mailbox keeps each mail's attachments (JSON [{ filename, contentType, content }]).
ALTER TABLE dev_mail ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
