-- Office hours: a host's weekly hours and rules, and the sessions booked in them.
-- Weekly hours are wall-clock times in the host's IANA zone (functions/src/office-hours/slots.ts);
-- a session's times are instants, epoch milliseconds in UTC.

CREATE TABLE office_hours (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  time_zone TEXT NOT NULL,                          -- IANA, e.g. Europe/Berlin
  weekly_hours TEXT NOT NULL DEFAULT '[]',          -- JSON [{ weekday 1–7, start 'HH:MM', end 'HH:MM' }]
  session_lengths TEXT NOT NULL DEFAULT '[30]',     -- JSON minutes, e.g. [30, 60]
  buffer_before INTEGER NOT NULL DEFAULT 0 CHECK (buffer_before BETWEEN 0 AND 120),
  buffer_after INTEGER NOT NULL DEFAULT 0 CHECK (buffer_after BETWEEN 0 AND 120),
  minimum_notice INTEGER NOT NULL DEFAULT 240,      -- minutes
  weekly_cap INTEGER CHECK (weekly_cap IS NULL OR weekly_cap > 0),
  days_off TEXT NOT NULL DEFAULT '[]',              -- JSON ['YYYY-MM-DD'] in the host's zone
  topics TEXT NOT NULL DEFAULT '[]',                -- JSON texts
  meeting_link TEXT,                                -- a checked https URL
  needs_approval INTEGER NOT NULL DEFAULT 0 CHECK (needs_approval IN (0, 1)),
  published INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- busy_from and busy_until are the session widened by the host's buffers when it was booked:
-- two sessions of one host may not have overlapping busy spans (checked by the insert itself).
CREATE TABLE bookings (
  id TEXT PRIMARY KEY NOT NULL,
  host_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  guest_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  busy_from INTEGER NOT NULL,
  busy_until INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requested', 'confirmed', 'declined', 'cancelled', 'no_show')),
  topic TEXT NOT NULL,
  agenda TEXT NOT NULL DEFAULT '',
  guest_time_zone TEXT NOT NULL,
  sequence INTEGER NOT NULL DEFAULT 0,              -- iCalendar SEQUENCE: one more on every change
  cancelled_by TEXT,
  cancel_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (host_id <> guest_id)
);
CREATE INDEX bookings_host_busy ON bookings (host_id, busy_from) WHERE status IN ('requested', 'confirmed');
CREATE INDEX bookings_guest_start ON bookings (guest_id, starts_at);
