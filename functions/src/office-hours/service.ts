/**
 * Office hours: a host sets weekly hours and rules; anyone sees the open slots of a host who
 * published theirs; a member books one; either side cancels with a reason before the cut-off;
 * a host who approves requests answers them; either side moves a session to another open slot
 * before the cut-off; the host marks a guest who did not come. The slot engine is slots.ts, the
 * writes that decide are book.ts; what both sides hear of each change is notices.ts; this
 * module reads and checks around them.
 */
import type { z } from '@hono/zod-openapi';
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { newId } from '../db/ids';
import { bookings, officeHours, type BookingRow, type OfficeHoursRow } from '../db/schema';
import type { Deps } from '../deps';
import { ApiError, fieldError } from '../errors';
import { memberCards } from '../members/cards';
import { isBlockedBetween } from '../members/blocks';
import { isListedMember } from '../members/listed';
import { accountIsPremium } from '../premium/entitlements';
import type { Account } from '../users/wire';
import { HOLDING, heldSessions, insertBooking, moveBooking } from './book';
import { BOOKING_MESSAGES as M } from './messages';
import { type NoticeDeps, type SessionChange, tellSessionChange } from './notices';
import type { OfficeHoursInputSchema, RescheduleInputSchema } from './schemas';
import { openSlots, weekAround } from './slots';
import { cityTimeZone } from './time-zone';
import { newVideoRoom } from './video-room';

type OfficeHoursInput = Omit<OfficeHoursRow, 'userId' | 'createdAt' | 'updatedAt'>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What a member who never set office hours starts from. */
const DEFAULTS: OfficeHoursInput = {
  timeZone: 'UTC',
  weeklyHours: [],
  sessionLengths: [30],
  bufferBefore: 0,
  bufferAfter: 10,
  minimumNotice: 240,
  weeklyCap: null,
  daysOff: [],
  topics: [],
  meetingLink: null,
  needsApproval: false,
  published: false,
  videoRoom: false,
};

async function rowOf(deps: Pick<Deps, 'db'>, userId: string): Promise<OfficeHoursRow | undefined> {
  const [row] = await deps.db.select().from(officeHours).where(eq(officeHours.userId, userId));
  return row;
}

/** The member's own office hours, or the defaults (in their city's time zone) when they never set them. */
export async function ownOfficeHours(deps: Pick<Deps, 'db'>, userId: string) {
  const [row, suggestedTimeZone] = await Promise.all([rowOf(deps, userId), cityTimeZone(deps, userId)]);
  if (!row) return { ...DEFAULTS, timeZone: suggestedTimeZone ?? DEFAULTS.timeZone, suggestedTimeZone, updatedAt: null };
  const { userId: _me, createdAt: _created, ...rules } = row;
  return { ...rules, suggestedTimeZone };
}

/** The meeting link to store: the host's own, or their video room (the one they have, else a new one). */
async function meetingLinkToStore(deps: Pick<Deps, 'db'>, userId: string, wire: { meetingLink: string | null; videoRoom: boolean }): Promise<string | null> {
  if (!wire.videoRoom) return wire.meetingLink;
  const row = await rowOf(deps, userId);
  return row?.videoRoom && row.meetingLink ? row.meetingLink : newVideoRoom();
}

/** Saves the member's office hours whole (the schema has checked each weekday is 1–7). */
export async function saveOfficeHours(deps: Pick<Deps, 'db' | 'clock'>, userId: string, wire: z.infer<typeof OfficeHoursInputSchema>) {
  const meetingLink = await meetingLinkToStore(deps, userId, wire);
  const input: OfficeHoursInput = { ...wire, meetingLink, weeklyHours: wire.weeklyHours as OfficeHoursRow['weeklyHours'] };
  if (input.published && input.weeklyHours.length === 0) throw fieldError(400, M.noHours, { weeklyHours: 'must have at least one stretch to publish' });
  const at = deps.clock.now().toISOString();
  const rules = { ...input, daysOff: [...new Set(input.daysOff)].sort(), sessionLengths: [...new Set(input.sessionLengths)].sort((a, b) => a - b) };
  await deps.db
    .insert(officeHours)
    .values({ userId, ...rules, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: officeHours.userId, set: { ...rules, updatedAt: at } });
  return ownOfficeHours(deps, userId);
}

/** A host whose slots `viewerId` may see: published, listed, no block between them; else 404. */
async function bookableHost(deps: Pick<Deps, 'db'>, hostId: string, viewerId: string | null): Promise<OfficeHoursRow> {
  const row = await rowOf(deps, hostId);
  const visible = row && (row.published || viewerId === hostId) && (await isListedMember(deps, hostId));
  if (!visible || (viewerId && viewerId !== hostId && (await isBlockedBetween(deps, viewerId, hostId)))) throw new ApiError(404, M.hostNotFound);
  return row;
}

const rulesOf = (row: OfficeHoursRow) => ({ ...row, hours: row.weeklyHours });

/** The host's open slots of one length over `days` days from `from` (never before now). */
export async function slotsOf(deps: Pick<Deps, 'db' | 'clock'>, viewerId: string | null, hostId: string, query: { length?: number; from?: string; days?: number }) {
  const row = await bookableHost(deps, hostId, viewerId);
  const length = query.length ?? row.sessionLengths[0] ?? 30;
  if (!row.sessionLengths.includes(length))
    throw fieldError(400, `length: must be one of ${row.sessionLengths.join(', ')} minutes`, { length: `must be one of ${row.sessionLengths.join(', ')} minutes` });
  const now = deps.clock.now().getTime();
  const from = Math.max(now, query.from ? Date.parse(query.from) : now);
  const until = from + (query.days ?? 14) * DAY;
  const held = await heldSessions(deps.db, hostId, from - DAY, until + DAY);
  const slots = openSlots(rulesOf(row), held, { length, from, until, now });
  const host = (await memberCards(deps, [hostId])).get(hostId);
  if (!host) throw new ApiError(404, M.hostNotFound);
  return {
    host,
    timeZone: row.timeZone,
    length,
    sessionLengths: row.sessionLengths,
    topics: row.topics,
    needsApproval: row.needsApproval,
    yourTimeZone: viewerId ? await cityTimeZone(deps, viewerId) : null,
    slots: slots.map((slot) => ({ start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() })),
  };
}

/** Books a slot of `hostId` for the guest; the insert decides (book.ts). */
export async function bookSession(deps: NoticeDeps, guest: Account, hostId: string, input: { start: string; length: number; topic: string; agenda: string; timeZone: string }) {
  if (guest.user.id === hostId) throw fieldError(400, M.ownHours, { userId: 'must be another member' });
  const row = await bookableHost(deps, hostId, guest.user.id);
  if (!row.sessionLengths.includes(input.length))
    throw fieldError(400, `length: must be one of ${row.sessionLengths.join(', ')} minutes`, { length: 'must be one of the host’s lengths' });
  const now = deps.clock.now().getTime();
  const start = Date.parse(input.start);
  const end = start + input.length * MINUTE;
  // The slot must be one the engine offers now (on the grid, in the hours, past the notice, not taken).
  const held = await heldSessions(deps.db, hostId, start - DAY, end + DAY);
  const open = openSlots(rulesOf(row), held, { length: input.length, from: start, until: start, now });
  if (open.length === 0 || open[0]!.start !== start) throw fieldError(409, M.slotGone, { start: 'is no longer open' });
  const premium = accountIsPremium(guest);
  const guestLimit = premium ? deps.config.upcomingBookingsPremium : deps.config.upcomingBookingsFree;
  const id = newId();
  const outcome = await insertBooking(
    deps.db,
    {
      id,
      hostId,
      guestId: guest.user.id,
      startsAt: start,
      endsAt: end,
      busyFrom: start - row.bufferBefore * MINUTE,
      busyUntil: end + row.bufferAfter * MINUTE,
      status: row.needsApproval ? 'requested' : 'confirmed',
      topic: input.topic,
      agenda: input.agenda,
      guestTimeZone: input.timeZone,
      createdAt: new Date(now).toISOString(),
    },
    { week: { ...weekAround(start, row.timeZone), cap: row.weeklyCap }, guestLimit, now },
  );
  if (!outcome.booked) {
    if (outcome.reason === 'guest-limit') throw new ApiError(409, M.guestLimit(guestLimit, premium), { limit: guestLimit });
    if (outcome.reason === 'guest-busy') throw fieldError(409, M.guestBusy, { start: 'overlaps another session of yours' });
    throw fieldError(409, M.slotGone, { start: 'is no longer open' });
  }
  const booked = await bookingRow(deps, id);
  const view = await bookingView(deps, booked);
  await tellSessionChange(deps, booked.status === 'requested' ? 'requested' : 'booked', booked, view, guest.user.id, false);
  return view;
}

export async function bookingRow(deps: Pick<Deps, 'db'>, id: string): Promise<BookingRow> {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new ApiError(404, M.bookingNotFound);
  return row;
}

/** A booking as both sides see it: the meeting link once confirmed (reviews/ shows it too). */
export async function bookingView(deps: Pick<Deps, 'db'>, row: BookingRow) {
  const views = await bookingViews(deps, [row]);
  return views[0]!;
}

async function bookingViews(deps: Pick<Deps, 'db'>, rows: readonly BookingRow[]) {
  const cards = await memberCards(deps, [...new Set(rows.flatMap((row) => [row.hostId, row.guestId]))]);
  const hostIds = [...new Set(rows.map((row) => row.hostId))];
  const hostRules = new Map(
    hostIds.length === 0
      ? []
      : (
          await deps.db
            .select({ userId: officeHours.userId, link: officeHours.meetingLink, timeZone: officeHours.timeZone })
            .from(officeHours)
            .where(inArray(officeHours.userId, hostIds))
        ).map((row) => [row.userId, row]),
  );
  const gone = {
    _id: '',
    memberType: 'founder' as const,
    name: 'Deleted member',
    tagline: null,
    slug: '',
    avatar: null,
    banner: null,
    profileId: '',
    premium: false,
    verified: null,
  };
  return rows.map((row) => ({
    _id: row.id,
    host: cards.get(row.hostId) ?? gone,
    guest: cards.get(row.guestId) ?? gone,
    start: new Date(row.startsAt).toISOString(),
    end: new Date(row.endsAt).toISOString(),
    status: row.status,
    topic: row.topic,
    agenda: row.agenda,
    meetingLink: row.status === 'confirmed' ? (hostRules.get(row.hostId)?.link ?? null) : null,
    cancelReason: row.cancelReason,
    timeZones: { host: hostRules.get(row.hostId)?.timeZone ?? 'UTC', guest: row.guestTimeZone },
    rescheduleReason: row.rescheduleReason,
    rescheduledFrom: row.rescheduledFrom === null ? null : new Date(row.rescheduledFrom).toISOString(),
    noShowReason: row.noShowReason,
    createdAt: row.createdAt,
  }));
}

/** The member's sessions as host or guest: upcoming, requests to approve, and past (newest first, 50). */
export async function myBookings(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const now = deps.clock.now().getTime();
  const mine = or(eq(bookings.hostId, userId), eq(bookings.guestId, userId));
  const upcoming = await deps.db
    .select()
    .from(bookings)
    .where(and(mine, gt(bookings.endsAt, now), inArray(bookings.status, [...HOLDING])))
    .orderBy(asc(bookings.startsAt));
  const past = await deps.db
    .select()
    .from(bookings)
    .where(and(mine, or(lte(bookings.endsAt, now), inArray(bookings.status, ['declined', 'cancelled', 'no_show']))))
    .orderBy(asc(bookings.startsAt))
    .limit(50);
  const waitsForMe = (row: BookingRow) => row.status === 'requested' && row.hostId === userId;
  const [upcomingViews, toApprove, pastViews] = await Promise.all([
    bookingViews(
      deps,
      upcoming.filter((row) => !waitsForMe(row)),
    ),
    bookingViews(deps, upcoming.filter(waitsForMe)),
    bookingViews(deps, past.reverse()),
  ]);
  return { upcoming: upcomingViews, toApprove, past: pastViews };
}

/** Moves a booking from one of `from` to `to` when `viewerId` is the allowed side; one statement, so two answers can't both win. Both sides hear it. */
async function transition(
  deps: NoticeDeps,
  viewerId: string,
  id: string,
  change: SessionChange,
  rule: {
    side: 'host' | 'either';
    from: readonly BookingRow['status'][];
    to: BookingRow['status'];
    reason?: string;
    noShowReason?: string;
    before?: number;
    startedBy?: number;
  },
) {
  const row = await bookingRow(deps, id);
  const isHost = row.hostId === viewerId;
  if (!isHost && !(rule.side === 'either' && row.guestId === viewerId)) throw new ApiError(404, M.bookingNotFound);
  if (rule.before !== undefined && row.startsAt <= rule.before) throw new ApiError(409, M.tooLate);
  if (rule.startedBy !== undefined && row.startsAt > rule.startedBy && rule.from.includes(row.status)) throw new ApiError(409, M.notStarted);
  const at = deps.clock.now().toISOString();
  const changed = await deps.db
    .update(bookings)
    .set({
      status: rule.to,
      sequence: row.sequence + 1,
      updatedAt: at,
      ...(rule.reason === undefined ? {} : { cancelledBy: viewerId, cancelReason: rule.reason }),
      ...(rule.noShowReason === undefined ? {} : { noShowReason: rule.noShowReason || null }),
    })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...rule.from]), eq(bookings.sequence, row.sequence)))
    .returning();
  if (changed.length === 0) throw new ApiError(409, M.alreadyChanged);
  const view = await bookingView(deps, changed[0]!);
  await tellSessionChange(deps, change, changed[0]!, view, viewerId, row.status === 'confirmed');
  return view;
}

/** Either side cancels, with a reason, up to the cut-off before the start. */
export function cancelBooking(deps: NoticeDeps, viewerId: string, id: string, reason: string) {
  const before = deps.clock.now().getTime() + deps.config.bookingCancelCutoffMinutes * MINUTE;
  return transition(deps, viewerId, id, 'cancelled', { side: 'either', from: HOLDING, to: 'cancelled', reason, before });
}

/** The host confirms a request. */
export function approveBooking(deps: NoticeDeps, hostId: string, id: string) {
  return transition(deps, hostId, id, 'approved', { side: 'host', from: ['requested'], to: 'confirmed', before: deps.clock.now().getTime() });
}

/** The host declines a request. */
export function declineBooking(deps: NoticeDeps, hostId: string, id: string) {
  return transition(deps, hostId, id, 'declined', { side: 'host', from: ['requested'], to: 'declined' });
}

/** The host marks a confirmed session's guest absent, once it has started, with an optional note. */
export function markNoShow(deps: NoticeDeps, hostId: string, id: string, reason: string) {
  return transition(deps, hostId, id, 'no_show', { side: 'host', from: ['confirmed'], to: 'no_show', noShowReason: reason, startedBy: deps.clock.now().getTime() });
}

/**
 * Either side moves a session (requested or confirmed) to another open slot of the host, up
 * to the cut-off before its current start. The slot must be one the engine offers now (the
 * session's own time left out, so it may move by less than its length); the write decides
 * (book.ts moveBooking), so two sessions never land on one slot. Both sides hear it, with the
 * updated invitation when it was confirmed.
 */
export async function rescheduleBooking(deps: NoticeDeps, viewerId: string, id: string, input: z.infer<typeof RescheduleInputSchema>) {
  const row = await bookingRow(deps, id);
  if (row.hostId !== viewerId && row.guestId !== viewerId) throw new ApiError(404, M.bookingNotFound);
  if (!(HOLDING as readonly string[]).includes(row.status)) throw new ApiError(409, M.alreadyChanged);
  const now = deps.clock.now().getTime();
  if (row.startsAt <= now + deps.config.bookingCancelCutoffMinutes * MINUTE) throw new ApiError(409, M.tooLate);
  const hours = await bookableHost(deps, row.hostId, viewerId);
  const length = input.length ?? Math.round((row.endsAt - row.startsAt) / MINUTE);
  if (!hours.sessionLengths.includes(length))
    throw fieldError(400, `length: must be one of ${hours.sessionLengths.join(', ')} minutes`, { length: 'must be one of the host’s lengths' });
  const start = Date.parse(input.start);
  const end = start + length * MINUTE;
  if (start === row.startsAt && end === row.endsAt) throw fieldError(400, M.sameTime, { start: 'is the session’s time already' });
  const held = await heldSessions(deps.db, row.hostId, start - DAY, end + DAY, row.id);
  const open = openSlots(rulesOf(hours), held, { length, from: start, until: start, now });
  if (open.length === 0 || open[0]!.start !== start) throw fieldError(409, M.slotGone, { start: 'is no longer open' });
  const outcome = await moveBooking(
    deps.db,
    {
      id: row.id,
      hostId: row.hostId,
      guestId: row.guestId,
      startsAt: start,
      endsAt: end,
      busyFrom: start - hours.bufferBefore * MINUTE,
      busyUntil: end + hours.bufferAfter * MINUTE,
      sequence: row.sequence,
      movedBy: viewerId,
      reason: input.reason || null,
      at: new Date(now).toISOString(),
    },
    { ...weekAround(start, hours.timeZone), cap: hours.weeklyCap },
  );
  if (!outcome.moved) {
    if (outcome.reason === 'changed') throw new ApiError(409, M.alreadyChanged);
    if (outcome.reason === 'guest-busy') throw fieldError(409, M.guestBusy, { start: 'overlaps another session of the guest' });
    throw fieldError(409, M.slotGone, { start: 'is no longer open' });
  }
  const view = await bookingView(deps, outcome.row);
  await tellSessionChange(deps, 'rescheduled', outcome.row, view, viewerId, row.status === 'confirmed');
  return view;
}
