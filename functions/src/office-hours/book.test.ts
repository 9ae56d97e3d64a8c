import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/api';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { bookings } from '../db/schema';
import { type BookingLimits, insertBooking, type NewBooking } from './book';

const database = db(env);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const NOW = Date.parse('2026-12-01T08:00:00Z');
const WEEK = { from: Date.parse('2026-12-06T23:00:00Z'), until: Date.parse('2026-12-13T23:00:00Z'), cap: null };
const LIMITS: BookingLimits = { week: WEEK, guestLimit: 3, now: NOW };

/** A 30-minute session starting `at`, with buffers of 10 minutes on both sides. */
function session(hostId: string, guestId: string, at: string, buffer = 10): NewBooking {
  const startsAt = Date.parse(at);
  return {
    id: newId(),
    hostId,
    guestId,
    startsAt,
    endsAt: startsAt + 30 * MINUTE,
    busyFrom: startsAt - buffer * MINUTE,
    busyUntil: startsAt + 30 * MINUTE + buffer * MINUTE,
    status: 'confirmed',
    topic: 'Fundraising',
    agenda: '',
    guestTimeZone: 'America/New_York',
    createdAt: new Date(NOW).toISOString(),
  };
}

const held = async (hostId: string) =>
  database
    .select()
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId)));

describe('the booking write decides', () => {
  it('lets one of 50 founders who book one slot at once hold it, and refuses the others', async () => {
    const host = await createMember({ memberType: 'advisor', lastName: 'Host' });
    const guests = await Promise.all(Array.from({ length: 50 }, (_, index) => createMember({ lastName: `Guest ${index}` })));
    const outcomes = await Promise.all(guests.map((guest) => insertBooking(database, session(host.user.id, guest.user.id, '2026-12-08T10:00:00Z'), LIMITS)));
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.booked && outcome.reason === 'slot-taken')).toHaveLength(49);
    expect(await held(host.user.id)).toHaveLength(1);
  });

  it('keeps the buffers: a session inside another’s buffer is refused, one after both buffers is booked', async () => {
    const [host, one, two, three] = await Promise.all([createMember({ memberType: 'advisor' }), createMember(), createMember(), createMember()]);
    expect(await insertBooking(database, session(host.user.id, one.user.id, '2026-12-08T10:00:00Z'), LIMITS)).toEqual({ booked: true });
    // 10:40 starts 10 minutes after the first ends: its before-buffer meets the first's after-buffer.
    expect(await insertBooking(database, session(host.user.id, two.user.id, '2026-12-08T10:40:00Z'), LIMITS)).toEqual({ booked: false, reason: 'slot-taken' });
    // 10:50 starts after both buffers.
    expect(await insertBooking(database, session(host.user.id, three.user.id, '2026-12-08T10:50:00Z'), LIMITS)).toEqual({ booked: true });
  });

  it('frees the slot when the session is cancelled', async () => {
    const [host, one, two] = await Promise.all([createMember({ memberType: 'advisor' }), createMember(), createMember()]);
    const first = session(host.user.id, one.user.id, '2026-12-09T10:00:00Z');
    await insertBooking(database, first, LIMITS);
    await database.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    expect(await insertBooking(database, session(host.user.id, two.user.id, '2026-12-09T10:00:00Z'), LIMITS)).toEqual({ booked: true });
  });

  it('holds the weekly cap under concurrent bookings of different slots', async () => {
    const host = await createMember({ memberType: 'advisor' });
    const guests = await Promise.all(Array.from({ length: 10 }, () => createMember()));
    const limits = { ...LIMITS, week: { ...WEEK, cap: 3 } };
    const outcomes = await Promise.all(
      guests.map((guest, index) =>
        insertBooking(database, session(host.user.id, guest.user.id, new Date(Date.parse('2026-12-08T08:00:00Z') + index * HOUR).toISOString()), limits),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.booked)).toHaveLength(3);
    expect(outcomes.filter((outcome) => !outcome.booked).map((outcome) => !outcome.booked && outcome.reason)).toEqual(Array(7).fill('week-full'));
  });

  it('holds the guest’s limit of upcoming sessions and refuses two sessions of one guest at once', async () => {
    const hosts = await Promise.all(Array.from({ length: 5 }, () => createMember({ memberType: 'advisor' })));
    const guest = await createMember();
    const at = (day: number) => `2026-12-${String(day).padStart(2, '0')}T10:00:00Z`;
    // Another host at the same time as a session the guest holds.
    expect(await insertBooking(database, session(hosts[0]!.user.id, guest.user.id, at(8)), LIMITS)).toEqual({ booked: true });
    expect(await insertBooking(database, session(hosts[1]!.user.id, guest.user.id, at(8)), LIMITS)).toEqual({ booked: false, reason: 'guest-busy' });
    const rest = await Promise.all([9, 10, 11].map((day, index) => insertBooking(database, session(hosts[index + 2]!.user.id, guest.user.id, at(day)), LIMITS)));
    expect(rest.filter((outcome) => outcome.booked)).toHaveLength(2);
    expect(rest.find((outcome) => !outcome.booked)).toEqual({ booked: false, reason: 'guest-limit' });
  });
});
