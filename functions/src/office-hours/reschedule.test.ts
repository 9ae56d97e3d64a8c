import { env } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, post, signedInMember } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { bookings } from '../db/schema';
import { insertBooking, moveBooking } from './book';
import { booked, guest, hostWith, invitesTo, noticesOf, openStarts } from './test-support';

afterEach(closeLiveSockets);

const HOUR = 3_600_000;
const SLOW = 30_000;
const reschedule = (id: string, body: Record<string, unknown>, token: string) => post(`/office-hours/sessions/${id}/reschedule`, body, { token });

describe('moving a session', () => {
  it(
    'lets either side move it to another open slot; the other side hears it and gets the updated invitation',
    async () => {
      const host = await hostWith();
      const ada = await guest();
      const starts = await openStarts(host, ada);
      const session = await booked(host, ada, starts[6]!);
      const adaTab = await joinedLiveSocket(ada);

      const moved = await reschedule(session._id, { start: starts[8], reason: 'A board meeting came up' }, host.jwt);
      expect(moved.status).toBe(200);
      expect(await bodyOf(moved)).toEqual(
        expect.objectContaining({ _id: session._id, status: 'confirmed', start: starts[8], rescheduleReason: 'A board meeting came up', rescheduledFrom: starts[6] }),
      );
      const frame = await adaTab.next((text) => text.startsWith('42["session"'));
      expect(JSON.parse(frame.slice(2))[1].booking).toEqual(expect.objectContaining({ _id: session._id, start: starts[8] }));
      const [notice] = await noticesOf(ada);
      expect(notice).toEqual(expect.objectContaining({ kind: 'session.rescheduled', title: 'Hana Host moved your session', link: '/sessions' }));
      expect(notice!.body).toContain('Reason: A board meeting came up');

      for (const member of [host, ada]) {
        const [update, first] = await invitesTo(member);
        expect(update!.calendar).toEqual(expect.objectContaining({ method: 'REQUEST', sequence: 1, start: starts[8], uid: first!.calendar.uid }));
        expect(update!.mail.subject).toBe(`Updated invitation: Fundraising with ${member === host ? 'Ada Guest' : 'Hana Host'}`);
      }
      // The old time is open again, the new one taken; the guest may move it on (a second update).
      const open = await openStarts(host, ada);
      expect(open).toContain(starts[6]);
      expect(open).not.toContain(starts[8]);
      expect((await reschedule(session._id, { start: starts[7] }, ada.jwt)).status).toBe(200);
      expect((await noticesOf(host)).map((n) => n.kind)).toEqual(['session.rescheduled', 'session.booked']);
      expect((await invitesTo(host))[0]!.calendar.sequence).toBe(2);
    },
    SLOW,
  );

  it(
    'names the field of bad input, and refuses strangers, taken slots and moves past the cut-off',
    async () => {
      const host = await hostWith();
      const [ada, ben, eve] = [await guest('Ada'), await guest('Ben'), await signedInMember()];
      const starts = await openStarts(host, ada);
      const session = await booked(host, ada, starts[6]!);
      await booked(host, ben, starts[9]!);
      const fieldOf = async (response: Response) => Object.keys((await bodyOf(response)).data.fields);

      const cases: [Record<string, unknown>, number, string][] = [
        [{ start: 'tomorrow' }, 400, 'start'],
        [{ start: starts[8], length: 45 }, 400, 'length'],
        [{ start: starts[8], reason: 'x'.repeat(501) }, 400, 'reason'],
        [{ start: starts[6] }, 400, 'start'],
        [{ start: starts[9] }, 409, 'start'],
        [{ start: '2020-01-01T10:00:00Z' }, 409, 'start'],
      ];
      for (const [body, status, field] of cases) {
        const response = await reschedule(session._id, body, ada.jwt);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(await fieldOf(response), JSON.stringify(body)).toContain(field);
      }
      expect((await reschedule(session._id, { start: starts[8] }, eve.jwt)).status).toBe(404);

      const soon = await booked(host, ben, starts[0]!);
      const late = await reschedule(soon._id, { start: starts[10] }, ben.jwt);
      expect(late.status).toBe(409);
      expect((await bodyOf(late)).message).toBe('It is too close to the start to change this session');
      const cancelled = await post(`/office-hours/sessions/${session._id}/cancel`, { reason: 'No longer needed' }, { token: ada.jwt });
      expect(cancelled.status).toBe(200);
      expect((await bodyOf(await reschedule(session._id, { start: starts[8] }, ada.jwt))).message).toBe('This session has changed since you opened it');
    },
    SLOW,
  );

  it(
    'lets one of 50 sessions moved onto one slot at once take it, and refuses the others',
    async () => {
      const host = await createMember({ memberType: 'advisor', lastName: 'Host' });
      const guests = await Promise.all(Array.from({ length: 50 }, (_, index) => createMember({ lastName: `Guest ${index}` })));
      const database = db(env);
      const first = Date.parse('2027-03-01T08:00:00Z');
      const target = Date.parse('2027-03-05T08:00:00Z');
      const week = { from: Date.parse('2027-02-28T18:30:00Z'), until: Date.parse('2027-03-07T18:30:00Z'), cap: null };
      const rows = guests.map((member, index) => {
        const startsAt = first + index * HOUR;
        return {
          id: newId(),
          hostId: host.user.id,
          guestId: member.user.id,
          startsAt,
          endsAt: startsAt + HOUR,
          busyFrom: startsAt,
          busyUntil: startsAt + HOUR,
          status: 'confirmed' as const,
          topic: 'Fundraising',
          agenda: '',
          guestTimeZone: 'Europe/Berlin',
          createdAt: new Date().toISOString(),
        };
      });
      for (const row of rows) expect(await insertBooking(database, row, { week, guestLimit: 3, now: Date.now() })).toEqual({ booked: true });
      const outcomes = await Promise.all(
        rows.map((row) =>
          moveBooking(
            database,
            {
              ...row,
              startsAt: target,
              endsAt: target + HOUR,
              busyFrom: target,
              busyUntil: target + HOUR,
              sequence: 0,
              movedBy: row.guestId,
              reason: null,
              at: new Date().toISOString(),
            },
            week,
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.moved)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.moved && outcome.reason === 'slot-taken')).toHaveLength(49);
      const holding = await database
        .select()
        .from(bookings)
        .where(and(eq(bookings.hostId, host.user.id), eq(bookings.startsAt, target), inArray(bookings.status, ['requested', 'confirmed'])));
      expect(holding).toHaveLength(1);
      expect(holding[0]).toEqual(expect.objectContaining({ sequence: 1, rescheduledFrom: rows.find((row) => row.id === holding[0]!.id)!.startsAt }));
    },
    SLOW,
  );
});

describe('a no-show', () => {
  it(
    'is marked by the host once a confirmed session started, stored with its note, and told to the guest',
    async () => {
      const host = await hostWith();
      const ada = await guest();
      const starts = await openStarts(host, ada);
      const session = await booked(host, ada, starts[6]!);
      const noShow = (token: string, body: Record<string, unknown> = { reason: 'Waited 15 minutes' }) => post(`/office-hours/sessions/${session._id}/no-show`, body, { token });

      const early = await noShow(host.jwt);
      expect(early.status).toBe(409);
      expect((await bodyOf(early)).message).toBe('You can mark a no-show once the session has started');
      // The session's start passes (the clock of the test cannot, so the row moves back an hour and a half).
      const startedAt = Date.now() - 90 * 60_000;
      await db(env)
        .update(bookings)
        .set({ startsAt: startedAt, endsAt: startedAt + 3_600_000 })
        .where(eq(bookings.id, session._id));
      expect((await noShow(ada.jwt)).status).toBe(404);
      expect((await noShow(host.jwt, { reason: 'x'.repeat(501) })).status).toBe(400);
      const adaTab = await joinedLiveSocket(ada);
      const marked = await noShow(host.jwt);
      expect(marked.status).toBe(200);
      expect(await bodyOf(marked)).toEqual(expect.objectContaining({ status: 'no_show', noShowReason: 'Waited 15 minutes' }));
      expect(JSON.parse((await adaTab.next((text) => text.startsWith('42["session"'))).slice(2))[1].booking.status).toBe('no_show');
      const [notice] = await noticesOf(ada);
      expect(notice).toEqual(expect.objectContaining({ kind: 'session.no_show', title: 'Hana Host marked you absent', link: '/sessions' }));
      expect((await noShow(host.jwt)).status).toBe(409);
      const mine = await bodyOf(await get('/office-hours/sessions', { token: ada.jwt }));
      expect(mine.past.map((item: { _id: string; status: string }) => [item._id, item.status])).toContainEqual([session._id, 'no_show']);
    },
    SLOW,
  );
});
