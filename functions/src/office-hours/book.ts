/**
 * The booking write. Whether a session may be held is decided by the insert itself, one D1
 * statement (D1 runs a database's statements one at a time, so no other booking can land
 * between its checks and its row): the host's open sessions must not overlap the new one's
 * busy span (the session widened by the host's buffers), the host's week must be under the
 * weekly cap, the guest must be under their limit of upcoming sessions and hold no session at
 * the same time. A screen that showed the slot open a moment ago never decides; when the
 * insert changes nothing, a read afterwards names the reason.
 */
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
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

/** A host's sessions that hold time between two instants (for the slot engine), as busy spans without buffers; `except` leaves one out (the session being moved). */
export async function heldSessions(db: Db, hostId: string, from: number, until: number, except?: string): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.hostId, hostId),
        holding(bookings.status),
        gt(bookings.busyFrom, from - LONGEST_SPAN),
        lt(bookings.busyFrom, until),
        except === undefined ? undefined : ne(bookings.id, except),
      ),
    );
  return rows;
}

/** Where a session moves: its new times (busy span with the host's buffers), who moved it and why, and the sequence it was read at. */
export type Move = Pick<BookingRow, 'id' | 'hostId' | 'guestId' | 'startsAt' | 'endsAt' | 'busyFrom' | 'busyUntil' | 'sequence'> & {
  movedBy: string;
  reason: string | null;
  at: string;
};

export type MoveOutcome = { moved: true; row: BookingRow } | { moved: false; reason: 'changed' | 'slot-taken' | 'week-full' | 'guest-busy' };

/**
 * Moves a session to a new time when every rule holds at the moment of the write, as the
 * booking insert decides (one UPDATE, so no other booking or move lands between its checks
 * and its change): the session is still the one read (same sequence, still holding), the
 * host's other open sessions leave the new busy span free, the host's week has room (the
 * session itself not counted) and the guest holds no other session then. SEQUENCE goes up by
 * one; the old start is kept as `rescheduled_from`.
 */
export async function moveBooking(db: Db, move: Move, week: BookingLimits['week']): Promise<MoveOutcome> {
  const result = await db.run(sql`
    UPDATE bookings SET starts_at = ${move.startsAt}, ends_at = ${move.endsAt}, busy_from = ${move.busyFrom}, busy_until = ${move.busyUntil},
      sequence = sequence + 1, rescheduled_by = ${move.movedBy}, reschedule_reason = ${move.reason}, rescheduled_from = starts_at, updated_at = ${move.at}
    WHERE id = ${move.id} AND sequence = ${move.sequence} AND status IN ('requested', 'confirmed')
    AND NOT EXISTS (
      SELECT 1 FROM bookings b WHERE b.host_id = ${move.hostId} AND b.id <> ${move.id} AND b.status IN ('requested', 'confirmed')
        AND b.busy_from > ${move.busyFrom - LONGEST_SPAN} AND b.busy_from < ${move.busyUntil} AND b.busy_until > ${move.busyFrom}
    )
    AND (${week.cap} IS NULL OR (
      SELECT count(*) FROM bookings b WHERE b.host_id = ${move.hostId} AND b.id <> ${move.id} AND b.status IN ('requested', 'confirmed')
        AND b.busy_from >= ${week.from - LONGEST_SPAN} AND b.starts_at >= ${week.from} AND b.starts_at < ${week.until}
    ) < ${week.cap})
    AND NOT EXISTS (
      SELECT 1 FROM bookings b WHERE b.guest_id = ${move.guestId} AND b.id <> ${move.id} AND b.status IN ('requested', 'confirmed')
        AND b.starts_at < ${move.endsAt} AND b.ends_at > ${move.startsAt}
    )`);
  if (result.meta.changes === 1) {
    const [moved] = await db.select().from(bookings).where(eq(bookings.id, move.id));
    return { moved: true, row: moved! };
  }
  return { moved: false, reason: await moveRefusal(db, move, week) };
}

/** Why a move changed nothing, read after it (the first rule that fails now). */
async function moveRefusal(db: Db, move: Move, week: BookingLimits['week']): Promise<Exclude<MoveOutcome, { moved: true }>['reason']> {
  const [current] = await db.select({ sequence: bookings.sequence, status: bookings.status }).from(bookings).where(eq(bookings.id, move.id));
  if (!current || current.sequence !== move.sequence || !(HOLDING as readonly string[]).includes(current.status)) return 'changed';
  const count = async (where: ReturnType<typeof and>) => (await db.select({ n: sql<number>`count(*)` }).from(bookings).where(where))[0]?.n ?? 0;
  const others = ne(bookings.id, move.id);
  const hostOpen = and(eq(bookings.hostId, move.hostId), holding(bookings.status), others);
  if ((await count(and(hostOpen, lt(bookings.busyFrom, move.busyUntil), gt(bookings.busyUntil, move.busyFrom)))) > 0) return 'slot-taken';
  if (week.cap !== null && (await count(and(hostOpen, sql`${bookings.startsAt} >= ${week.from}`, lt(bookings.startsAt, week.until)))) >= week.cap) return 'week-full';
  const guestOpen = and(eq(bookings.guestId, move.guestId), holding(bookings.status), others);
  if ((await count(and(guestOpen, lt(bookings.startsAt, move.endsAt), gt(bookings.endsAt, move.startsAt)))) > 0) return 'guest-busy';
  return 'slot-taken';
}
