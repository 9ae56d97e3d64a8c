import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { bookings } from '../db/schema';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const put = (path: string, body: unknown, token: string) => call('PUT', path, body, { token });
const DAY = 24 * 3_600_000;

/** Every day of the week, 00:00–24:00 in Asia/Kolkata, 60-minute sessions, no notice: slots exist whenever the test runs. */
const ALWAYS_OPEN = {
  timeZone: 'Asia/Kolkata',
  weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  sessionLengths: [60, 30],
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 0,
  weeklyCap: null,
  daysOff: [],
  topics: ['Fundraising', 'Hiring'],
  meetingLink: 'https://meet.example/advice',
  needsApproval: false,
  published: true,
};

async function hostWith(rules: Partial<typeof ALWAYS_OPEN> = {}): Promise<Member> {
  const host = await signedInMember({ memberType: 'advisor', firstName: 'Hana', lastName: 'Host' });
  const saved = await put('/office-hours', { ...ALWAYS_OPEN, ...rules }, host.jwt);
  expect(saved.status).toBe(200);
  return host;
}

const slotsOf = async (host: Member, token?: string, query = '') => bodyOf(await get(`/office-hours/${host.user.id}/slots${query}`, token ? { token } : {}));
const book = (host: Member, guest: Member, start: string, extra: Record<string, unknown> = {}) =>
  post(`/office-hours/${host.user.id}/sessions`, { start, length: 60, topic: 'Fundraising', agenda: 'Seed round', timeZone: 'Europe/Berlin', ...extra }, { token: guest.jwt });

describe('office hours', () => {
  it('start as defaults, unpublished, and are saved whole', async () => {
    const member = await signedInMember();
    expect(await bodyOf(await get('/office-hours', { token: member.jwt }))).toEqual(expect.objectContaining({ published: false, weeklyHours: [], updatedAt: null }));
    const saved = await bodyOf(await put('/office-hours', { ...ALWAYS_OPEN, daysOff: ['2027-01-02', '2027-01-01', '2027-01-01'] }, member.jwt));
    expect(saved).toEqual(expect.objectContaining({ timeZone: 'Asia/Kolkata', sessionLengths: [30, 60], daysOff: ['2027-01-01', '2027-01-02'], published: true }));
  });

  it('refuse bad rules with the field named, and keep what was stored', async () => {
    const host = await hostWith();
    const cases: [Record<string, unknown>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ weeklyHours: [{ weekday: 1, start: '12:00', end: '09:00' }] }, 'weeklyHours.0.end'],
      [{ weeklyHours: [{ weekday: 8, start: '09:00', end: '12:00' }] }, 'weeklyHours.0.weekday'],
      [{ sessionLengths: [7] }, 'sessionLengths.0'],
      [{ meetingLink: 'http://meet.example/plain' }, 'meetingLink'],
      [{ meetingLink: 'javascript:alert(1)' }, 'meetingLink'],
      [{ bufferBefore: 500 }, 'bufferBefore'],
      [{ weeklyHours: [], published: true }, 'weeklyHours'],
    ];
    for (const [change, field] of cases) {
      const response = await put('/office-hours', { ...ALWAYS_OPEN, ...change }, host.jwt);
      expect(response.status, field).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), field).toContain(field);
    }
    expect(await bodyOf(await get('/office-hours', { token: host.jwt }))).toEqual(expect.objectContaining({ timeZone: 'Asia/Kolkata', published: true }));
  });

  it('show a published host’s open slots to visitors, and hide unpublished ones', async () => {
    const host = await hostWith();
    const open = await slotsOf(host, undefined, '?days=2');
    expect(open).toEqual(expect.objectContaining({ timeZone: 'Asia/Kolkata', length: 30, sessionLengths: [30, 60], topics: ['Fundraising', 'Hiring'] }));
    expect(open.slots.length).toBeGreaterThan(40);
    expect(Date.parse(open.slots[0].start)).toBeGreaterThanOrEqual(Date.now() - 1_000);
    await put('/office-hours', { ...ALWAYS_OPEN, published: false }, host.jwt);
    expect((await get(`/office-hours/${host.user.id}/slots`)).status).toBe(404);
    expect((await get(`/office-hours/${host.user.id}/slots`, { token: host.jwt })).status).toBe(200);
  });

  it('book an open slot once: the slot leaves the list, a second founder is refused', async () => {
    const host = await hostWith();
    const [ada, ben] = await Promise.all([signedInMember({ firstName: 'Ada' }), signedInMember({ firstName: 'Ben' })]);
    const { slots } = await slotsOf(host, ada.jwt, '?length=60&days=2');
    const start = slots[3].start;
    const booked = await book(host, ada, start);
    expect(booked.status).toBe(201);
    expect(await bodyOf(booked)).toEqual(
      expect.objectContaining({
        status: 'confirmed',
        topic: 'Fundraising',
        meetingLink: 'https://meet.example/advice',
        start,
        timeZones: { host: 'Asia/Kolkata', guest: 'Europe/Berlin' },
      }),
    );
    expect((await slotsOf(host, ben.jwt, '?length=60&days=2')).slots.map((slot: { start: string }) => slot.start)).not.toContain(start);
    const refused = await book(host, ben, start);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe('That time is no longer open. Pick another.');
  });

  it('refuses a time off the grid, in the past, your own hours and a length the host does not offer', async () => {
    const host = await hostWith();
    const guest = await signedInMember();
    const { slots } = await slotsOf(host, guest.jwt, '?length=60&days=2');
    const offGrid = new Date(Date.parse(slots[2].start) + 7 * 60_000).toISOString();
    expect((await book(host, guest, offGrid)).status).toBe(409);
    expect((await book(host, guest, new Date(Date.now() - DAY).toISOString())).status).toBe(409);
    expect((await book(host, host, slots[2].start)).status).toBe(400);
    const wrongLength = await book(host, guest, slots[2].start, { length: 45 });
    expect(wrongLength.status).toBe(400);
    expect((await bodyOf(wrongLength)).data.fields).toHaveProperty('length');
  });

  it('lets the host approve a request, and lists it for each side', async () => {
    const host = await hostWith({ needsApproval: true });
    const guest = await signedInMember();
    const { slots } = await slotsOf(host, guest.jwt, '?length=60&days=2');
    const request = await bodyOf(await book(host, guest, slots[5].start));
    expect(request).toEqual(expect.objectContaining({ status: 'requested', meetingLink: null }));
    expect((await bodyOf(await get('/office-hours/sessions', { token: host.jwt }))).toApprove).toEqual([expect.objectContaining({ _id: request._id })]);
    expect((await bodyOf(await get('/office-hours/sessions', { token: guest.jwt }))).upcoming).toEqual([expect.objectContaining({ _id: request._id, status: 'requested' })]);
    expect((await post(`/office-hours/sessions/${request._id}/approve`, undefined, { token: guest.jwt })).status).toBe(404);
    const approved = await bodyOf(await post(`/office-hours/sessions/${request._id}/approve`, undefined, { token: host.jwt }));
    expect(approved).toEqual(expect.objectContaining({ status: 'confirmed', meetingLink: 'https://meet.example/advice' }));
    expect((await post(`/office-hours/sessions/${request._id}/decline`, undefined, { token: host.jwt })).status).toBe(409);
  });

  it('lets either side cancel with a reason before the cut-off, which frees the slot; not after it', async () => {
    const host = await hostWith();
    const [guest, next] = await Promise.all([signedInMember(), signedInMember()]);
    const { slots } = await slotsOf(host, guest.jwt, '?length=60&days=2');
    const later = await bodyOf(await book(host, guest, slots[6].start));
    const noReason = await post(`/office-hours/sessions/${later._id}/cancel`, { reason: ' ' }, { token: guest.jwt });
    expect(noReason.status).toBe(400);
    expect((await bodyOf(noReason)).data.fields).toHaveProperty('reason');
    const cancelled = await bodyOf(await post(`/office-hours/sessions/${later._id}/cancel`, { reason: 'Travelling' }, { token: host.jwt }));
    expect(cancelled).toEqual(expect.objectContaining({ status: 'cancelled', cancelReason: 'Travelling' }));
    expect((await book(host, next, slots[6].start)).status).toBe(201);
    // The first slot starts within the hour: past the default cut-off of 60 minutes.
    const soon = await bodyOf(await book(host, guest, slots[0].start, { length: 30 }));
    const tooLate = await post(`/office-hours/sessions/${soon._id}/cancel`, { reason: 'Sorry' }, { token: guest.jwt });
    expect(tooLate.status).toBe(409);
    const [row] = await db(env).select().from(bookings).where(eq(bookings.id, soon._id));
    expect(row!.status).toBe('confirmed');
  });

  it('holds a free member to two upcoming sessions', async () => {
    const host = await hostWith();
    const guest = await signedInMember();
    const { slots } = await slotsOf(host, guest.jwt, '?length=60&days=2');
    expect((await book(host, guest, slots[10].start)).status).toBe(201);
    expect((await book(host, guest, slots[12].start)).status).toBe(201);
    const third = await book(host, guest, slots[14].start);
    expect(third.status).toBe(409);
    expect((await bodyOf(third)).message).toBe('You can hold 2 upcoming sessions at a time. Premium members can hold more.');
  });

  it('refuses visitors where a member is needed', async () => {
    const host = await hostWith();
    expect((await get('/office-hours')).status).toBe(401);
    expect((await get('/office-hours/sessions')).status).toBe(401);
    expect((await post(`/office-hours/${host.user.id}/sessions`, { start: new Date().toISOString(), length: 60, topic: 'x', timeZone: 'UTC' })).status).toBe(401);
  });
});
