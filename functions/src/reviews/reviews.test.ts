import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { block } from '../../test/connections';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { bookings, sessionReviews, type BookingStatus } from '../db/schema';
import { storedRows } from '../notifications/test-support';
import { requestDueReviews } from './requests';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const database = () => db(env);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A session of `host` booked by `guest`, inserted as it stands (`endedAgo` ms before now; negative: still ahead). */
async function sessionOf(host: Member, guest: Member, { endedAgo = HOUR, status = 'confirmed' as BookingStatus, topic = 'Fundraising' } = {}) {
  const endsAt = Date.now() - endedAgo;
  const id = newId();
  const at = new Date().toISOString();
  await database()
    .insert(bookings)
    .values({
      id,
      hostId: host.user.id,
      guestId: guest.user.id,
      startsAt: endsAt - HOUR,
      endsAt,
      busyFrom: endsAt - HOUR,
      busyUntil: endsAt,
      status,
      topic,
      agenda: '',
      guestTimeZone: 'Europe/Berlin',
      createdAt: at,
      updatedAt: at,
    });
  return id;
}

const advisor = (firstName = 'Hana') => signedInMember({ memberType: 'advisor', firstName, lastName: `Host${crypto.randomUUID().slice(0, 6)}` });
const founder = (firstName = 'Fred') => signedInMember({ firstName, lastName: `Guest${crypto.randomUUID().slice(0, 6)}` });
const review = (member: Member, sessionId: string, body: unknown = { rating: 5, text: 'Clear advice on our seed round.' }) =>
  post(`/office-hours/sessions/${sessionId}/review`, body, { token: member.jwt });
const answer = (member: Member, reviewId: string, text = 'Thank you, good luck with the round.') =>
  post(`/office-hours/reviews/${reviewId}/answer`, { text }, { token: member.jwt });
const reviewsOf = async (host: Member, token?: string, query = '') => get(`/office-hours/${host.user.id}/reviews${query}`, token ? { token } : {});

describe('reviewing a session', () => {
  it('lets the guest of an ended, confirmed session review it once, and tells the host', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const id = await sessionOf(host, guest);
    const written = await review(guest, id, { rating: 4, text: '  <b>Sharp</b> questions.  ' });
    expect(written.status).toBe(201);
    const body = await bodyOf(written);
    expect(body).toMatchObject({ rating: 4, text: '<b>Sharp</b> questions.', topic: 'Fundraising', answer: null, author: expect.objectContaining({ _id: guest.user.id }) });
    const again = await review(guest, id);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('You have already reviewed this session');
    const told = (await storedRows(host.user.id)).filter((row) => row.kind === 'review.received');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ sender_id: guest.user.id, body: '4/5 · “<b>Sharp</b> questions.”' });
    expect(told[0]!.link).toMatch(/^\/advisor\/.+#reviews$/);
  });

  it('refuses the host, strangers, sessions not ended, not held or too old, with clear answers', async () => {
    const [host, guest, stranger] = [await advisor(), await founder(), await founder('Stan')];
    const ended = await sessionOf(host, guest);
    expect(await bodyOf(await review(host, ended))).toMatchObject({ status: 403, message: 'Only the member who booked the session can review it' });
    expect((await review(stranger, ended)).status).toBe(404);
    const cases: [Parameters<typeof sessionOf>[2], string][] = [
      [{ endedAgo: -HOUR }, 'You can review this session once it has ended'],
      [{ status: 'cancelled' }, 'Only sessions that took place can be reviewed'],
      [{ status: 'no_show' }, 'Only sessions that took place can be reviewed'],
      [{ status: 'requested' }, 'Only sessions that took place can be reviewed'],
      [{ endedAgo: 31 * DAY }, 'This session ended too long ago to review'],
    ];
    for (const [shape, message] of cases) {
      const refused = await review(guest, await sessionOf(host, guest, shape));
      expect(await bodyOf(refused), message).toMatchObject({ status: 409, message });
    }
    expect((await database().select().from(sessionReviews).where(eq(sessionReviews.hostId, host.user.id))).length).toBe(0);
  });

  it('names the field of a bad rating or text with a 400', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const id = await sessionOf(host, guest);
    const cases: [unknown, string][] = [
      [{ rating: 0, text: 'ok' }, 'rating'],
      [{ rating: 6, text: 'ok' }, 'rating'],
      [{ rating: 3.5, text: 'ok' }, 'rating'],
      [{ rating: 3, text: '   ' }, 'text'],
      [{ rating: 3, text: 'x'.repeat(1001) }, 'text'],
      [{ text: 'ok' }, 'rating'],
    ];
    for (const [body, field] of cases) {
      const refused = await review(guest, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await bodyOf(refused)).data.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('lets the host answer once, and nobody else', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const { _id } = await bodyOf(await review(guest, await sessionOf(host, guest)));
    expect(await bodyOf(await answer(guest, _id))).toMatchObject({ status: 403, message: 'Only the host can answer this review' });
    expect((await answer(await founder('Stan'), _id)).status).toBe(404);
    expect((await bodyOf(await post(`/office-hours/reviews/${_id}/answer`, { text: ' ' }, { token: host.jwt }))).data.fields).toHaveProperty('text');
    const answered = await answer(host, _id);
    expect(answered.status).toBe(200);
    expect((await bodyOf(answered)).answer).toEqual({ text: 'Thank you, good luck with the round.', answeredAt: expect.any(String) });
    expect(await bodyOf(await answer(host, _id, 'Second thoughts'))).toMatchObject({ status: 409, message: 'You have already answered this review' });
  });

  it('shows the review state of a session to either side', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const id = await sessionOf(host, guest);
    expect(await bodyOf(await get(`/office-hours/sessions/${id}/review`, { token: guest.jwt }))).toMatchObject({
      canReview: true,
      reason: null,
      review: null,
      session: { _id: id },
    });
    await review(guest, id);
    expect(await bodyOf(await get(`/office-hours/sessions/${id}/review`, { token: guest.jwt }))).toMatchObject({
      canReview: false,
      reason: 'You have already reviewed this session',
      review: { rating: 5 },
    });
    expect(await bodyOf(await get(`/office-hours/sessions/${id}/review`, { token: host.jwt }))).toMatchObject({ canReview: false, review: { rating: 5 } });
    expect((await get(`/office-hours/sessions/${id}/review`, { token: (await founder()).jwt })).status).toBe(404);
  });
});

describe('a member’s reviews', () => {
  it('list newest first, paged, with the count and average; hidden reviews count nowhere', async () => {
    const host = await advisor();
    const guests = [await founder('Ann'), await founder('Bea'), await founder('Cy')];
    const ids: string[] = [];
    for (const [index, guest] of guests.entries()) {
      const written = await bodyOf(await review(guest, await sessionOf(host, guest), { rating: [5, 4, 2][index], text: `Review ${index}` }));
      ids.push(written._id);
    }
    const page = await bodyOf(await reviewsOf(host, undefined, '?limit=2'));
    expect(page).toMatchObject({ summary: { count: 3, average: 3.7 }, total: 3, pages: 2, page: 1, limit: 2 });
    expect(page.data.map((item: { text: string }) => item.text)).toEqual(['Review 2', 'Review 1']);
    expect((await bodyOf(await reviewsOf(host, undefined, '?limit=2&page=2'))).data.map((item: { text: string }) => item.text)).toEqual(['Review 0']);
    expect((await reviewsOf(host, undefined, '?limit=500')).status).toBe(400);

    // The host reports the 2-star review; an administrator removes it: it is hidden, and the average follows.
    const moderator = await signedInMember({ userRole: 'admin' });
    expect((await post('/reports', { targetType: 'review', targetId: ids[2], reason: 'harassment' }, { token: host.jwt })).status).toBe(201);
    expect((await bodyOf(await post('/reports', { targetType: 'review', targetId: ids[2], reason: 'spam' }, { token: guests[2]!.jwt }))).data.fields).toEqual({
      targetId: 'cannot be your own review',
    });
    const queue = await bodyOf(await get('/admin/moderation?state=open&kind=review&limit=50', { token: moderator.jwt }));
    expect(queue.data.find((item: { targetId: string }) => item.targetId === ids[2])).toMatchObject({ content: { kind: 'review', rating: 2, text: 'Review 2' } });
    const removed = await call('POST', `/admin/moderation/items/review/${ids[2]}/remove`, { reason: 'Not about the session' }, { token: moderator.jwt });
    expect(removed.status).toBe(200);
    const after = await bodyOf(await reviewsOf(host));
    expect(after).toMatchObject({ summary: { count: 2, average: 4.5 }, total: 2 });
    expect(after.data.map((item: { _id: string }) => item._id)).not.toContain(ids[2]);
    expect((await storedRows(guests[2]!.user.id)).some((row) => row.title === 'Your review was removed')).toBe(true);
    expect((await post('/reports', { targetType: 'review', targetId: ids[2], reason: 'spam' }, { token: guests[0]!.jwt })).status).toBe(404);
  });

  it('are read by whoever may see the profile: not by a member the host blocked, nor of an unfinished profile', async () => {
    const [host, guest, blocked] = [await advisor(), await founder(), await founder('Blo')];
    await review(guest, await sessionOf(host, guest));
    expect((await reviewsOf(host)).status).toBe(200);
    expect((await reviewsOf(host, guest.jwt)).status).toBe(200);
    expect((await block(host, blocked)).status).toBeLessThan(300);
    expect(await bodyOf(await reviewsOf(host, blocked.jwt))).toMatchObject({ status: 404, message: 'Member not found' });
    const unfinished = await signedInMember({ memberType: 'advisor', onboarded: false });
    expect((await reviewsOf(unfinished)).status).toBe(404);
    expect((await reviewsOf(unfinished, unfinished.jwt)).status).toBe(200);
    expect(await bodyOf(await reviewsOf(await advisor()))).toMatchObject({ summary: { count: 0, average: null }, data: [], total: 0 });
  });
});

describe('the review request', () => {
  it('asks the guest of each ended, confirmed session once, and no one else', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const ended = await sessionOf(host, guest, { topic: 'Pricing' });
    const reviewed = await sessionOf(host, guest);
    await review(guest, reviewed);
    const cancelled = await sessionOf(host, guest, { status: 'cancelled' });
    const ahead = await sessionOf(host, guest, { endedAgo: -HOUR });
    const deps = buildDeps(env, { clock: fixedClock(new Date()) });
    await requestDueReviews(deps);
    await requestDueReviews(deps);
    const asked = (await storedRows(guest.user.id)).filter((row) => row.kind === 'review.requested');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ link: `/sessions/${ended}/review`, sender_id: host.user.id, ref_id: ended });
    expect(asked[0]!.title).toContain('How was your session with');
    const marked = await database().select({ id: bookings.id, at: bookings.reviewRequestedAt }).from(bookings).where(eq(bookings.guestId, guest.user.id));
    const at = new Map(marked.map((row) => [row.id, row.at]));
    expect(at.get(ended)).not.toBeNull();
    expect(at.get(reviewed)).toBeNull();
    expect(at.get(cancelled)).toBeNull();
    expect(at.get(ahead)).toBeNull();
  });
});

describe('reviews in the data download and account deletion', () => {
  it('keep each member’s own words, and leave with the author’s account', async () => {
    const [host, guest] = [await advisor(), await founder()];
    const { _id } = await bodyOf(await review(guest, await sessionOf(host, guest), { rating: 5, text: 'GuestWordsUnique' }));
    await answer(host, _id, 'HostAnswerUnique');
    const archive = async (member: Member) => {
      const response = await get('/auth/data-export', { token: member.jwt });
      expect(response.status).toBe(200);
      return strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['sessions.json']!);
    };
    const guestFile = JSON.parse(await archive(guest));
    expect(guestFile.reviewsWritten).toEqual([expect.objectContaining({ id: _id, rating: 5, text: 'GuestWordsUnique', hidden: false })]);
    expect(JSON.stringify(guestFile)).not.toContain('HostAnswerUnique');
    const hostFile = JSON.parse(await archive(host));
    expect(hostFile.reviewsReceived).toEqual([expect.objectContaining({ id: _id, rating: 5, yourAnswer: 'HostAnswerUnique' })]);
    expect(JSON.stringify(hostFile)).not.toContain('GuestWordsUnique');

    const admin = await signedInMember({ userRole: 'admin' });
    const asked = await bodyOf(await post('/auth/profile-delete', { reason: 'Bye' }, { token: guest.jwt }));
    expect((await call('PATCH', '/admin/profile-delete', { id: asked.request._id, action: 'approve' }, { token: admin.jwt })).status).toBe(200);
    expect(await database().select().from(sessionReviews).where(eq(sessionReviews.id, _id))).toEqual([]);
    expect((await bodyOf(await reviewsOf(host))).summary).toEqual({ count: 0, average: null });
  });
});
