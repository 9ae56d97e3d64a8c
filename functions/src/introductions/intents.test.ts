import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, call, createMember, get, mailTo, post, signedInMember } from '../../test/api';
import { block, rowsBetween, tokenAt } from '../../test/connections';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { loadMatchProfile } from '../matching/profiles';
import { matchScore } from '../matching/score';
import { MATCH_MESSAGES as M } from '../shared/match-messages';
import { founderWith } from '../search/test-profiles';
import { listOf, sendText } from '../inbox/test-inbox';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Options = { app?: ReturnType<typeof createApp>; env?: Env };

const database = db(env);
const MINUTE = 60_000;
const DAY = 86_400_000;

const answer = (from: Pick<Member, 'jwt'>, to: Pick<Member, 'user'>, kind: 'interested' | 'not_now', options: Options = {}) =>
  post('/matching/intents', { candidateId: to.user.id, kind }, { token: from.jwt, ...options });
const undo = (from: Pick<Member, 'jwt'>, to: Pick<Member, 'user'>, options: Options = {}) =>
  call('DELETE', `/matching/intents/${to.user.id}`, undefined, { token: from.jwt, ...options });
const queueOf = async (member: Pick<Member, 'jwt'>, options: Options = {}) => bodyOf(await get('/matching/interested-in-you', { token: member.jwt, ...options }));

let cityIds = 930_000_000;
/** Two founders looking for each other in a city of their own: each is in the other's deck. */
async function lookingPair(): Promise<[Member, Member]> {
  const place = { cityId: ++cityIds, cityName: 'Porto, Portugal', lookingForCofounder: true, commitment: 'full-time' as const, industries: ['climate' as const] };
  return Promise.all([
    founderWith({ firstName: 'Ines', isTechnical: true, skills: ['engineering'], tagline: 'Building <b>grid</b> software', ...place }),
    founderWith({ firstName: 'Tomas', isTechnical: false, skills: ['sales-marketing'], ...place }),
  ]);
}

async function deckIds(viewer: Member, options: Options = {}): Promise<string[]> {
  const response = await get('/profiles/recommend-search?limit=50', { token: viewer.jwt, ...options });
  expect(response.status).toBe(200);
  return (await bodyOf(response)).data.map((match: { member: { _id: string } }) => match.member._id);
}

afterEach(closeLiveSockets);

describe('answering a candidate', () => {
  it('stores Interested and Not now on the server: both leave the deck, and an undo within the window brings them back', async () => {
    const [ines, tomas] = await lookingPair();
    expect(await deckIds(ines)).toContain(tomas.user.id);

    const interested = await answer(ines, tomas, 'interested');
    expect(interested.status).toBe(201);
    const body = await bodyOf(interested);
    expect(body).toMatchObject({ candidateId: tomas.user.id, kind: 'interested', hiddenUntil: null, match: null, allowance: { premium: false, limit: 5, used: 1, remaining: 4 } });
    expect(Date.parse(body.undoUntil) - Date.now()).toBeGreaterThan(9 * MINUTE);
    expect(new Date(body.allowance.renewsAt).getUTCDay()).toBe(1);
    expect(await deckIds(ines)).not.toContain(tomas.user.id);
    expect((await bodyOf(await answer(ines, tomas, 'interested'))).message).toBe(M.alreadyInterested);

    // Undo gives the invitation back and the candidate returns.
    const undone = await undo(ines, tomas);
    expect(undone.status).toBe(200);
    expect(await bodyOf(undone)).toMatchObject({ used: 0, remaining: 5 });
    expect(await deckIds(ines)).toContain(tomas.user.id);
    expect((await bodyOf(await undo(ines, tomas))).message).toBe(M.nothingToUndo);

    const notNow = await bodyOf(await answer(ines, tomas, 'not_now'));
    expect(Math.round((Date.parse(notNow.hiddenUntil) - Date.now()) / DAY)).toBe(90);
    expect(notNow.allowance.used).toBe(0);
    expect(await deckIds(ines)).not.toContain(tomas.user.id);
  });

  it('can be undone only for the configured minutes', async () => {
    const clock = fixedClock(new Date());
    const app = createApp({ clock });
    const [ines, tomas] = await lookingPair();
    const token = await tokenAt(ines, clock);
    expect((await answer({ jwt: token }, tomas, 'interested', { app })).status).toBe(201);
    clock.set(new Date(clock.now().getTime() + 11 * MINUTE));
    const late = await undo({ jwt: token }, tomas, { app });
    expect(late.status).toBe(409);
    expect((await bodyOf(late)).message).toBe(M.undoTooLate(10));
  });

  it('hides a candidate for the Not now months, not forever', async () => {
    const clock = fixedClock(new Date());
    const app = createApp({ clock });
    const [ines, tomas] = await lookingPair();
    expect((await answer({ jwt: await tokenAt(ines, clock) }, tomas, 'not_now', { app })).status).toBe(201);
    clock.set(new Date(clock.now().getTime() + 89 * DAY));
    expect(await deckIds({ ...ines, jwt: await tokenAt(ines, clock) }, { app })).not.toContain(tomas.user.id);
    clock.set(new Date(clock.now().getTime() + 2 * DAY));
    expect(await deckIds({ ...ines, jwt: await tokenAt(ines, clock) }, { app })).toContain(tomas.user.id);
  });

  it('refuses bad input with the field named, and members one may not answer', async () => {
    const [me, advisor, otherAdvisor] = await Promise.all([signedInMember(), signedInMember({ memberType: 'advisor' }), signedInMember({ memberType: 'advisor' })]);
    const bad = await post('/matching/intents', { candidateId: 'nope', kind: 'interested' }, { token: me.jwt });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).message).toContain('candidateId');
    const kind = await post('/matching/intents', { candidateId: advisor.user.id, kind: 'maybe' }, { token: me.jwt });
    expect(kind.status).toBe(400);
    expect((await bodyOf(kind)).message).toContain('kind');
    expect((await bodyOf(await answer(me, me, 'interested'))).message).toBe(`candidateId: ${M.yourself}`);
    expect((await answer(advisor, otherAdvisor, 'interested')).status).toBe(400);
    expect((await post('/matching/intents', { candidateId: 'ffffffffffffffffffffffff', kind: 'interested' }, { token: me.jwt })).status).toBe(404);
    await block(advisor, me);
    expect((await answer(me, advisor, 'interested')).status).toBe(404);
    expect((await post('/matching/intents', { candidateId: advisor.user.id, kind: 'interested' })).status).toBe(401);
  });
});

describe('a match', () => {
  it('is made when both are interested: connected, told live, by notification and mail, with an introduction and an open thread', async () => {
    const [ines, tomas] = await lookingPair();
    // A match is mailed to whoever chose email for it (its preference: connection accepted); push is the default.
    for (const member of [ines, tomas])
      expect((await call('PATCH', '/notifications/preferences', { channels: { connectionAccepted: 'email' } }, { token: member.jwt })).status).toBe(200);
    const socket = await joinedLiveSocket(ines);
    expect((await bodyOf(await answer(ines, tomas, 'interested'))).match).toBeNull();
    const made = await bodyOf(await answer(tomas, ines, 'interested'));
    const intro = made.match;
    expect(intro).toMatchObject({ member: { _id: ines.user.id }, connectionId: expect.any(String), threadId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(intro.facts.them).toContain('Building <b>grid</b> software');
    expect(intro.facts.you.length).toBeGreaterThan(0);
    expect(intro.suggestedMessage).toMatch(/^Hi Ines, glad we matched!/);
    expect(intro.reasons.length).toBeGreaterThan(0);

    // The other side hears it live: the match and who made it; their introduction is theirs to read.
    const frame = await socket.next((text) => text.startsWith('42["match"'));
    expect(JSON.parse(frame.slice(2))[1]).toEqual({ _id: intro._id, memberId: tomas.user.id });
    const theirs = await bodyOf(await get(`/matching/introductions/${intro._id}`, { token: ines.jwt }));
    expect(theirs).toMatchObject({ _id: intro._id, member: { _id: tomas.user.id }, threadId: intro.threadId });

    // Connected: the connection is accepted and messages go through in the shared thread.
    const rows = await rowsBetween(ines, tomas);
    expect(rows.map((row) => row.status)).toEqual(['accepted']);
    const sent = await sendText(tomas, ines, intro.suggestedMessage);
    expect(sent.thread._id).toBe(intro.threadId);
    const inbox = await listOf(ines);
    expect(inbox.data.map((thread: { _id: string }) => thread._id)).toContain(intro.threadId);

    // Both get the notification (kind match.made) and the mail.
    for (const [member, other] of [
      [ines, tomas],
      [tomas, ines],
    ] as const) {
      const list = await bodyOf(await get('/notifications', { token: member.jwt }));
      expect(list.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'match.made', title: M.matchTitle, link: `/matching?match=${intro._id}` })]));
      const mails = await mailTo(member.user.email);
      expect(mails.find((mail) => mail.subject.startsWith('It’s a match'))?.text).toContain(other.user.firstName);
    }

    // The introduction reads the same later, for its two members only.
    expect(await bodyOf(await get(`/matching/introductions/${intro._id}`, { token: tomas.jwt }))).toEqual(intro);
    expect((await get(`/matching/introductions/${intro._id}`, { token: (await signedInMember()).jwt })).status).toBe(404);
    const noUndo = await undo(tomas, ines);
    expect(noUndo.status).toBe(409);
    expect((await bodyOf(noUndo)).message).toBe(M.matchedNoUndo);
  });

  it('is made once when both say Interested at the same moment', { timeout: 60_000 }, async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => lookingPair()));
    const answers = await Promise.all(pairs.map(([a, b]) => Promise.all([answer(a, b, 'interested'), answer(b, a, 'interested')])));
    for (const [index, [first, second]] of answers.entries()) {
      expect([first.status, second.status]).toEqual([201, 201]);
      const made = [(await bodyOf(first)).match, (await bodyOf(second)).match].filter(Boolean);
      expect(made).toHaveLength(1);
      const [a, b] = pairs[index]!;
      const [count] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM matches WHERE first_id IN (${a.user.id}, ${b.user.id})`);
      expect(count!.n).toBe(1);
      expect((await rowsBetween(a, b)).map((row) => row.status)).toEqual(['accepted']);
    }
  });
});

describe('the weekly invitations', () => {
  it('let 0 Interested past the limit under 50 concurrent attempts, and say when they renew', { timeout: 60_000 }, async () => {
    const me = await signedInMember();
    const candidates = await Promise.all(Array.from({ length: 50 }, (_, index) => createMember({ lastName: `Candidate ${index}` })));
    const responses = await Promise.all(candidates.map((candidate) => answer(me, candidate, 'interested')));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    const [stored] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM match_intents WHERE user_id = ${me.user.id} AND kind = 'interested'`);
    expect(stored!.n).toBe(5);
    const refused = await bodyOf(responses.find((response) => response.status === 409)!);
    const allowance = await bodyOf(await get('/matching/allowance', { token: me.jwt }));
    expect(allowance).toMatchObject({ premium: false, limit: 5, used: 5, remaining: 0 });
    expect(refused.message).toBe(M.weeklyLimit(5, allowance.renewsAt, false));
    expect(refused.data).toMatchObject({ limit: 5, renewsAt: allowance.renewsAt });
    // Not now stays possible: it is no invitation.
    expect((await answer(me, await createMember(), 'not_now')).status).toBe(201);
  });

  it('are more for Premium members, by configuration', async () => {
    const premium = await signedInMember({ roleType: 'premium' });
    const options = { env: { ...env, INTERESTS_PER_WEEK_PREMIUM: '7' } as Env };
    const candidates = await Promise.all(Array.from({ length: 9 }, () => createMember()));
    const statuses = await Promise.all(candidates.map(async (candidate) => (await answer(premium, candidate, 'interested', options)).status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(await bodyOf(await get('/matching/allowance', { token: premium.jwt, ...options }))).toMatchObject({ premium: true, limit: 7, remaining: 0 });
  });
});

describe('Interested in you', () => {
  it('shows free members how many, Premium members who; answering from it leaves the queue or makes the match', async () => {
    const [free, premium] = await Promise.all([signedInMember({ firstName: 'Fay' }), signedInMember({ firstName: 'Pia', roleType: 'premium' })]);
    const [ana, ben] = await Promise.all([founderWith({ firstName: 'Ana', tagline: 'Fintech for farmers' }), founderWith({ firstName: 'Ben' })]);
    for (const fan of [ana, ben]) {
      await answer(fan, free, 'interested');
      await answer(fan, premium, 'interested');
    }

    expect(await queueOf(free)).toEqual({ total: 2, premium: false, locked: 2, data: [] });
    const shown = await queueOf(premium);
    expect(shown).toMatchObject({ total: 2, premium: true, locked: 0 });
    expect(shown.data.map((entry: { member: { _id: string } }) => entry.member._id)).toEqual([ben.user.id, ana.user.id]);
    expect(shown.data[1]).toMatchObject({ member: { tagline: 'Fintech for farmers' }, interestedAt: expect.any(String) });
    // Scored as the deck scores them, from the viewer's side.
    const scored = matchScore((await loadMatchProfile({ db: db(env) }, premium.user.id))!, (await loadMatchProfile({ db: db(env) }, ana.user.id))!);
    expect(shown.data[1]).toMatchObject({ score: scored?.score ?? 0, reasons: scored?.reasons ?? [] });

    await answer(premium, ben, 'not_now');
    expect((await queueOf(premium)).data.map((entry: { member: { _id: string } }) => entry.member._id)).toEqual([ana.user.id]);
    const matched = await bodyOf(await answer(premium, ana, 'interested'));
    expect(matched.match.member._id).toBe(ana.user.id);
    expect(await queueOf(premium)).toMatchObject({ total: 0, data: [] });
    // A block hides the waiting member.
    await block(free, ana);
    expect((await queueOf(free)).total).toBe(1);
  });
});
