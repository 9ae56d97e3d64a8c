/**
 * The booking write. Whether a session may be held is decided by the insert itself, one D1
 * statement (D1 runs a database's statements one at a time, so no other booking can land
 * between its checks and its row): the host's open sessions must not overlap the new one's
 * busy span (the session widened by the host's buffers), the host's week must be under the
 * weekly cap, the guest must be under their limit of upcoming sessions and hold no session at
 * the same time. A screen that showed the slot open a moment ago never decides; when the
 * insert changes nothing, a read afterwards names the reason.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, type BookingRow } from '../db/schema';

/** Statuses that hold a slot: a request waiting for the host, and a confirmed session. */
export const HOLDING = ['requested', 'confirmed'] as const;

/** Sessions and buffers never reach past a day, so a host's overlapping sessions start within one before. */
const LONGEST_SPAN = 24 * 3_600_000;

export type NewBooking = Pick<
  BookingRow,
  'id' | 'hostId' | 'guestId' | 'startsAt' | 'endsAt' | 'busyFrom' | 'busyUntil' | 'status' | 'topic' | 'agenda' | 'guestTimeZone' | 'createdAt'
>;

export type BookingLimits = {
  /** The host's week (Monday to Sunday in their zone) around the session, as instants, and its cap. */
  week: { from: number; until: number; cap: number | null };
  /** Upcoming sessions the guest may hold at most, and the instant "upcoming" counts from. */
  guestLimit: number;
  now: number;
};

export type BookingOutcome = { booked: true } | { booked: false; reason: 'slot-taken' | 'week-full' | 'guest-limit' | 'guest-busy' };

const holding = (column: typeof bookings.status) => inArray(column, [...HOLDING]);

/** Stores the booking when every rule holds at the moment of the write; else says which did not. */
export async function insertBooking(db: Db, row: NewBooking, limits: BookingLimits): Promise<BookingOutcome> {
  const { week, guestLimit, now } = limits;
  const result = await db.run(sql`
    INSERT INTO bookings (id, host_id, guest_id, starts_at, ends_at, busy_from, busy_until, status, topic, agenda, guest_time_zone, sequence, created_at, updated_at)
    SELECT ${row.id}, ${row.hostId}, ${row.guestId}, ${row.startsAt}, ${row.endsAt}, ${row.busyFrom}, ${row.busyUntil}, ${row.status}, ${row.topic}, ${row.agenda}, ${row.guestTimeZone}, 0, ${row.createdAt}, ${row.createdAt}
    WHERE NOT EXISTS (
      SELECT 1 FROM bookings WHERE host_id = ${row.hostId} AND status IN ('requested', 'confirmed')
        AND busy_from > ${row.busyFrom - LONGEST_SPAN} AND busy_from < ${row.busyUntil} AND busy_until > ${row.busyFrom}
    )
    AND (${week.cap} IS NULL OR (
      SELECT count(*) FROM bookings WHERE host_id = ${row.hostId} AND status IN ('requested', 'confirmed')
        AND busy_from >= ${week.from - LONGEST_SPAN} AND starts_at >= ${week.from} AND starts_at < ${week.until}
    ) < ${week.cap})
    AND (
      SELECT count(*) FROM bookings WHERE guest_id = ${row.guestId} AND status IN ('requested', 'confirmed') AND starts_at > ${now}
    ) < ${guestLimit}
    AND NOT EXISTS (
      SELECT 1 FROM bookings WHERE guest_id = ${row.guestId} AND status IN ('requested', 'confirmed')
        AND starts_at < ${row.endsAt} AND ends_at > ${row.startsAt}
    )`);
  if (result.meta.changes === 1) return { booked: true };
  return { booked: false, reason: await refusal(db, row, limits) };
}

/** Why an insert changed nothing, read after it (the first rule that fails now). */
async function refusal(db: Db, row: NewBooking, { week, guestLimit, now }: BookingLimits): Promise<Exclude<BookingOutcome, { booked: true }>['reason']> {
  const count = async (where: ReturnType<typeof and>) => (await db.select({ n: sql<number>`count(*)` }).from(bookings).where(where))[0]?.n ?? 0;
  const hostOpen = and(eq(bookings.hostId, row.hostId), holding(bookings.status));
  if ((await count(and(hostOpen, lt(bookings.busyFrom, row.busyUntil), gt(bookings.busyUntil, row.busyFrom)))) > 0) return 'slot-taken';
  if (week.cap !== null && (await count(and(hostOpen, sql`${bookings.startsAt} >= ${week.from}`, lt(bookings.startsAt, week.until)))) >= week.cap) return 'week-full';
  const guestOpen = and(eq(bookings.guestId, row.guestId), holding(bookings.status));
  if ((await count(and(guestOpen, lt(bookings.startsAt, row.endsAt), gt(bookings.endsAt, row.startsAt)))) > 0) return 'guest-busy';
  if ((await count(and(guestOpen, gt(bookings.startsAt, now)))) >= guestLimit) return 'guest-limit';
  return 'slot-taken';
}

/** A host's sessions that hold time between two instants (for the slot engine), as busy spans without buffers. */
export async function heldSessions(db: Db, hostId: string, from: number, until: number): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), holding(bookings.status), gt(bookings.busyFrom, from - LONGEST_SPAN), lt(bookings.busyFrom, until)));
  return rows;
}
