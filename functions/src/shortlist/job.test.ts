import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, mailTo, post, type signedInMember } from '../../test/api';
import { buildDeps } from '../build-deps';
import { db } from '../db/client';
import { loadMatchProfile, MATCH_COLUMNS, type MatchRow } from '../matching/profiles';
import { MEMBER_CARD_JOINS } from '../members/cards';
import { founderWith } from '../search/test-profiles';
import { fixedClock } from '../clock';
import { buildShortlist } from './build';
import { consumeShortlistBatch, inlineShortlistQueue, queueSink, sendDueShortlists, type ShortlistMessage } from './job';
import { SHORTLIST_SIZE } from './pick';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const database = db(env);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let cityIds = 940_000_000;

/** Three founders in a city of their own: a technical viewer and two business founders who fit them. */
async function trio(): Promise<[Member, Member, Member]> {
  const place = { cityId: ++cityIds, cityName: 'Tallinn, Estonia', lookingForCofounder: true, commitment: 'full-time' as const, industries: ['climate' as const] };
  return Promise.all([
    founderWith({ firstName: 'Kadri', isTechnical: true, skills: ['engineering'], ...place }),
    founderWith({ firstName: 'Mart', isTechnical: false, skills: ['sales-marketing'], ...place }),
    founderWith({ firstName: 'Liis', isTechnical: false, skills: ['operations'], ...place }),
  ]);
}

const shortlistOf = async (member: Member) => bodyOf(await get('/matching/shortlist', { token: member.jwt }));
const runJob = async (at: string) => bodyOf(await post(`/dev/shortlists?at=${encodeURIComponent(at)}`, {}));

/** Runs the job at `at` until a run builds nothing (the shared test database may hold more members due than one run builds). */
async function runUntilDone(at: string): Promise<void> {
  for (let round = 0; round < 40; round += 1) if ((await runJob(at)).built === 0) return;
  throw new Error('the shortlist job never finished');
}

const kinds = async (member: Member, kind: string) =>
  (await bodyOf(await get('/notifications?limit=50', { token: member.jwt }))).data.filter((notice: { kind: string }) => notice.kind === kind);

// Each test runs the job several times over the shared database: more than the default 5 s on a busy machine.
const SLOW = 30_000;

describe('the weekly shortlist job', () => {
  it(
    'builds a member’s shortlist once at their hour, however many runs race, and tells them once',
    async () => {
      const [viewer, mart, liis] = await trio();
      expect((await call('PATCH', '/notifications/preferences', { channels: { introductions: 'email' } }, { token: viewer.jwt })).status).toBe(200);
      const before = await shortlistOf(viewer);
      expect(before).toMatchObject({ week: null, picks: [], checkins: [] });
      const at = before.nextAt as string;
      // No city in the cities table: UTC, so the hour is 08:00 UTC on the member's weekday.
      expect(new Date(at).getUTCHours()).toBe(8);

      // An hour before: not yet.
      await runUntilDone(new Date(Date.parse(at) - HOUR).toISOString());
      expect((await shortlistOf(viewer)).week).toBeNull();

      await Promise.all([runJob(at), runJob(at), runJob(at)]);
      await runUntilDone(at);
      await runUntilDone(new Date(Date.parse(at) + HOUR).toISOString());
      const after = await shortlistOf(viewer);
      expect(after.week).toMatch(/^\d{4}-W\d{2}$/);
      const ids = after.picks.map((pick: { member: { _id: string } }) => pick.member._id);
      expect(ids).toEqual(expect.arrayContaining([mart.user.id, liis.user.id]));
      const [rows] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM shortlists WHERE user_id = ${viewer.user.id}`);
      expect(rows?.n).toBe(1);
      expect(await kinds(viewer, 'shortlist.weekly')).toHaveLength(1);
      const mails = (await mailTo(viewer.user.email)).filter((mail) => mail.subject === 'This week’s shortlist on FounderMesh');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Mart');
    },
    SLOW,
  );

  it(
    'leaves paused members out: no shortlist of their own, and on nobody else’s',
    async () => {
      const [viewer, mart, liis] = await trio();
      expect((await call('PUT', '/matching/pause', undefined, { token: mart.jwt })).status).toBe(200);
      expect((await call('PUT', '/matching/pause', undefined, { token: viewer.jwt })).status).toBe(200);
      const at = (await shortlistOf(viewer)).nextAt as string;
      await runUntilDone(at);
      expect((await shortlistOf(viewer)).week).toBeNull();

      expect((await call('DELETE', '/matching/pause', undefined, { token: viewer.jwt })).status).toBe(200);
      await runUntilDone(at);
      const ids = (await shortlistOf(viewer)).picks.map((pick: { member: { _id: string } }) => pick.member._id);
      expect(ids).toContain(liis.user.id);
      expect(ids).not.toContain(mart.user.id);
    },
    SLOW,
  );

  it(
    'builds a week’s shortlist once: a second build of the same week stores and tells nothing more',
    async () => {
      const [viewer] = await trio();
      const place = await database.all<{ city_id: number }>(sql`SELECT city_id FROM founders WHERE user_id = ${viewer.user.id}`);
      // More members who fit than a shortlist holds, so a second build would have others to pick.
      await Promise.all(
        Array.from({ length: SHORTLIST_SIZE }, (_, index) =>
          founderWith({
            firstName: `Extra${index}`,
            isTechnical: false,
            skills: ['operations'],
            cityId: place[0]!.city_id,
            cityName: 'Tallinn, Estonia',
            lookingForCofounder: true,
            commitment: 'full-time',
            industries: ['climate'],
          }),
        ),
      );
      const deps = buildDeps(env);
      const profile = (await loadMatchProfile(deps, viewer.user.id))!;
      expect(await buildShortlist(deps, viewer.user.id, profile, '2030-W10')).toBe(SHORTLIST_SIZE);
      expect(await buildShortlist(deps, viewer.user.id, profile, '2030-W10')).toBeNull();
      const [picks] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM shortlist_picks WHERE user_id = ${viewer.user.id} AND week = '2030-W10'`);
      expect(picks?.n).toBe(SHORTLIST_SIZE);
    },
    SLOW,
  );

  it(
    'never shortlists the same member twice, and leaves out members who were not active lately',
    async () => {
      const [viewer, mart, liis] = await trio();
      // Liis has not used the app for two months.
      await database.run(sql`UPDATE sessions SET last_seen_at = ${new Date(Date.now() - 60 * DAY).toISOString()} WHERE user_id = ${liis.user.id}`);
      const { nextAt } = await shortlistOf(viewer);
      await runUntilDone(nextAt);
      const first = await shortlistOf(viewer);
      const ids = first.picks.map((pick: { member: { _id: string } }) => pick.member._id);
      expect(ids).toContain(mart.user.id);
      expect(ids).not.toContain(liis.user.id);

      // A week later Mart is not new any more: the next shortlist leaves him out.
      const nextWeek = new Date(Date.parse(nextAt) + 7 * DAY).toISOString();
      await database.run(sql`UPDATE sessions SET last_seen_at = ${nextWeek} WHERE user_id IN (${mart.user.id}, ${liis.user.id})`);
      await runUntilDone(nextWeek);
      const [picked] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM shortlist_picks WHERE user_id = ${viewer.user.id} AND candidate_id = ${mart.user.id}`);
      expect(picked?.n).toBe(1);
      const [weeks] = await database.all<{ n: number }>(sql`SELECT count(*) AS n FROM shortlists WHERE user_id = ${viewer.user.id}`);
      expect(weeks?.n).toBe(2);
    },
    SLOW,
  );

  it(
    'asks both sides of a match a week later whether they met, and keeps the answer',
    async () => {
      const [kadri, mart] = await trio();
      expect((await post('/matching/intents', { candidateId: mart.user.id, kind: 'interested' }, { token: kadri.jwt })).status).toBe(201);
      const matched = await bodyOf(await post('/matching/intents', { candidateId: kadri.user.id, kind: 'interested' }, { token: mart.jwt }));
      const matchId = matched.match._id as string;

      // Six days on: not yet.
      await runJob(new Date(Date.now() + 6 * DAY).toISOString());
      expect((await shortlistOf(kadri)).checkins).toEqual([]);
      await runJob(new Date(Date.now() + 7 * DAY + HOUR).toISOString());
      await runJob(new Date(Date.now() + 7 * DAY + 2 * HOUR).toISOString());
      // Kadri saved Mart: her question shows him saved (the summary is read as she sees it).
      expect((await call('PUT', `/saved/members/${mart.user.id}`, {}, { token: kadri.jwt })).status).toBeLessThan(300);
      expect((await shortlistOf(kadri)).checkins[0].member.saved).toBe(true);
      expect((await shortlistOf(mart)).checkins[0].member.saved).toBe(false);
      for (const member of [kadri, mart]) {
        const { checkins } = await shortlistOf(member);
        expect(checkins).toEqual([expect.objectContaining({ matchId })]);
        const asked = await kinds(member, 'match.checkin');
        expect(asked).toHaveLength(1);
        expect(asked[0].link).toBe(`/matching?checkin=${matchId}#checkin`);
      }

      const put = (member: Member, body: unknown) => call('PUT', `/matching/checkins/${matchId}`, body, { token: member.jwt });
      const missing = await put(kadri, { met: true });
      expect(missing.status).toBe(400);
      expect((await bodyOf(missing)).message).toContain('outcome');
      const wrong = await put(kadri, { met: 'often' });
      expect(wrong.status).toBe(400);
      expect((await bodyOf(wrong)).message).toContain('met');
      const stored = await put(kadri, { met: true, outcome: 'not_a_fit' });
      expect(stored.status).toBe(200);
      expect(await bodyOf(stored)).toMatchObject({ met: true, outcome: 'not_a_fit' });
      expect((await shortlistOf(kadri)).checkins).toEqual([]);
      const [row] = await database.all<{ met: number; outcome: string }>(sql`SELECT met, outcome FROM match_checkins WHERE match_id = ${matchId} AND user_id = ${kadri.user.id}`);
      expect(row).toEqual({ met: 1, outcome: 'not_a_fit' });

      // Someone else's match: no question for them.
      const [stranger] = await trio();
      expect((await put(stranger, { met: false })).status).toBe(404);
    },
    SLOW,
  );
});

describe('the shortlist queue', () => {
  it(
    'takes the due members from the hourly scan and builds each in the consumer, once however often a message comes',
    async () => {
      const [viewer, mart] = await trio();
      const at = (await shortlistOf(viewer)).nextAt as string;
      const deps = { ...buildDeps(env), clock: fixedClock(new Date(at)) };
      const sent: ShortlistMessage[] = [];
      const run = await sendDueShortlists(deps, queueSink({ sendBatch: async (messages) => void sent.push(...[...messages].map((message) => message.body)) }));
      const mine = sent.filter((message) => message.userId === viewer.user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.week).toMatch(/^\d{4}-W\d{2}$/);
      expect(run).toMatchObject({ built: 0, queued: sent.length });
      // Queued, not built: the scan itself makes no shortlist.
      expect((await shortlistOf(viewer)).week).toBeNull();

      const settled: string[] = [];
      const batchOf = (bodies: unknown[]) =>
        ({
          queue: 'foundermesh-shortlists',
          messages: bodies.map((body, index) => ({ id: `m${index}`, body, ack: () => settled.push(`ack:${index}`), retry: () => settled.push(`retry:${index}`) })),
        }) as unknown as MessageBatch<unknown>;
      expect(await consumeShortlistBatch(deps, batchOf([mine[0], { nonsense: true }]))).toBe(1);
      expect(settled).toEqual(['ack:0', 'ack:1']);
      const shortlist = await shortlistOf(viewer);
      expect(shortlist.week).toBe(mine[0]!.week);
      expect(shortlist.picks.map((pick: { member: { _id: string } }) => pick.member._id)).toContain(mart.user.id);

      // Delivered again (at least once): nothing more is built, and the message is done.
      settled.length = 0;
      expect(await consumeShortlistBatch(deps, batchOf([mine[0]]))).toBe(0);
      expect(settled).toEqual(['ack:0']);
      expect(await kinds(viewer, 'shortlist.weekly')).toHaveLength(1);
    },
    SLOW,
  );
});

describe('the inline shortlist run (development)', () => {
  it(
    'goes on past a member whose build fails, and leaves that member for the next run',
    async () => {
      const [viewer, mart] = await trio();
      const at = (await shortlistOf(viewer)).nextAt as string;
      const deps = { ...buildDeps(env), clock: fixedClock(new Date(at)) };
      // Every build fails until the viewer's has been tried; the members after them are still built.
      let viewerTried = false;
      const built: string[] = [];
      const sink = inlineShortlistQueue(deps, 1_000, async (buildDepsOf, userId, profile, week) => {
        if (userId === viewer.user.id) {
          viewerTried = true;
          throw new Error('a build failed');
        }
        const picks = await buildShortlist(buildDepsOf, userId, profile, week);
        if (picks !== null && viewerTried) built.push(userId);
        return picks;
      });
      const messages: ShortlistMessage[] = [];
      await sendDueShortlists(deps, queueSink({ sendBatch: async (sent) => void messages.push(...[...sent].map((message) => message.body)) }));
      const due = messages.findIndex((message) => message.userId === viewer.user.id);
      expect(due).toBeGreaterThanOrEqual(0);
      // The viewer first, then Mart: one page as the scan hands it over.
      const rows = new Map(
        await Promise.all(
          [viewer, mart].map(async (member) => {
            const [row] = await database.all<MatchRow>(sql`SELECT ${MATCH_COLUMNS} FROM users u ${MEMBER_CARD_JOINS} WHERE u.id = ${member.user.id}`);
            return [member.user.id, row!] as const;
          }),
        ),
      );
      const week = messages[due]!.week;
      const run = await sink.take(
        [viewer, mart].map((member) => ({ userId: member.user.id, week })),
        rows,
      );
      expect(run.built).toBe(1);
      expect(built).toEqual([mart.user.id]);
      expect((await shortlistOf(viewer)).week).toBeNull();
      expect((await shortlistOf(mart)).week).toBe(week);

      // The next run builds the viewer's.
      expect(await (await inlineShortlistQueue(deps)).take([{ userId: viewer.user.id, week }], rows)).toMatchObject({ built: 1 });
      expect((await shortlistOf(viewer)).week).toBe(week);
    },
    SLOW,
  );
});
