import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, type signedInMember } from '../../test/api';
import { block, put, requestId } from '../../test/connections';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { founderWith } from '../search/test-profiles';
import { findAccountById } from '../users/repository';
import { DECK_CACHE_SECONDS, type DeckCache, deckKey, deckNow, deckNowStatement, deckVersion, type RankedDeck } from './deck-cache';
import { inDeck } from './candidates';
import { accountMatchProfile } from './profiles';
import { recommendMatches } from './recommend';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let cityIds = 930_000_000;

/** A technical founder and six business founders in a city of their own, all looking. */
async function viewerAndOthers(): Promise<[Member, Member[]]> {
  const place = { cityId: ++cityIds, cityName: 'Tartu, Estonia', lookingForCofounder: true, commitment: 'full-time' as const, industries: ['climate' as const] };
  const viewer = await founderWith({ firstName: 'Kadri', isTechnical: true, skills: ['engineering'], ...place });
  const others = await Promise.all(
    ['Mart', 'Liis', 'Peeter', 'Jaan', 'Kaja', 'Anu'].map((firstName) => founderWith({ firstName, isTechnical: false, skills: ['sales-marketing'], ...place })),
  );
  return [viewer, others];
}

/** A cache in memory that counts its writes. */
function memoryCache(): DeckCache & { writes: number; decks: Map<string, RankedDeck> } {
  const decks = new Map<string, RankedDeck>();
  const cache = {
    writes: 0,
    decks,
    read: async (key: string) => decks.get(key) ?? null,
    write: async (key: string, deck: RankedDeck) => {
      cache.writes += 1;
      decks.set(key, deck);
    },
  };
  return cache;
}

const deps = () => buildDeps(env);
const versionOf = (member: Member) => deckVersion(deps(), member.user.id, 'founder');
const accountOf = async (member: Member) => (await findAccountById(db(env), member.user.id))!;

/**
 * The shared test database gains founders while other files run: a kept deck is only used while
 * nobody joined since it was ranked, so a test that needs it used ranks it right before, and
 * tries again the rare time someone joined in between.
 */
async function keptDeckNow(viewer: Member, ranked: RankedDeck['ranked'], page = { page: 1, limit: 10 }, now = new Date()) {
  const profile = accountMatchProfile(await accountOf(viewer));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const deck = { rankedAt: now.toISOString(), version: await versionOf(viewer), ranked };
    const shown = await deckNow(deps(), profile, viewer.user.id, 'founder', deck, page, now);
    if (shown) return shown;
  }
  throw new Error('someone joined before every try');
}

describe('the kept deck', () => {
  it('is checked again on every read: answered, blocked, connected, paused and no longer looking members drop out at once, and pages count what is left', async () => {
    const [viewer, [mart, liis, peeter, jaan, kaja, anu]] = await viewerAndOthers();
    const ranked = [mart, liis, peeter, jaan, kaja, anu].map((member, index) => ({ id: member!.user.id, score: 90 - index, reasons: [`reason ${index}`] }));
    const shownIds = (shown: Awaited<ReturnType<typeof keptDeckNow>>) => shown.data.map((match) => match.member._id);
    const first = await keptDeckNow(viewer, ranked);
    expect(shownIds(first)).toEqual(ranked.map((entry) => entry.id));
    // Each with its kept score and reasons, and the summary read in the same query.
    expect(first.data[0]).toMatchObject({ score: 90, reasons: ['reason 0'], member: { _id: mart!.user.id, name: expect.stringContaining('Mart') } });

    // Not now to Mart, a block from Liis, Peeter paused, Jaan connected, Kaja no longer looking.
    expect((await post('/matching/intents', { candidateId: mart!.user.id, kind: 'not_now' }, { token: viewer.jwt })).status).toBe(201);
    expect((await block(liis!, viewer)).status).toBeLessThan(300);
    expect((await call('PUT', '/matching/pause', {}, { token: peeter!.jwt })).status).toBe(200);
    expect((await put(`/connection/accepted/${await requestId(viewer, jaan!)}`, jaan!.jwt)).status).toBeLessThan(300);
    await db(env).run(sql`DELETE FROM profile_tags WHERE kind = 'looking' AND user_id = ${kaja!.user.id}`);
    const now = await keptDeckNow(viewer, ranked);
    expect([now.total, shownIds(now)]).toEqual([1, [anu!.user.id]]);
    // Ranked afresh, none of them is there either.
    const fresh = (await bodyOf(await get('/profiles/recommend-search?limit=50', { token: viewer.jwt }))).data.map((match: { member: { _id: string } }) => match.member._id);
    expect(fresh.filter((id: string) => [mart, liis, peeter, jaan, kaja].some((member) => member!.user.id === id))).toEqual([]);

    // Pages are of what is left, in the kept order.
    expect((await call('DELETE', '/matching/pause', undefined, { token: peeter!.jwt })).status).toBeLessThan(300);
    const second = await keptDeckNow(viewer, ranked, { page: 2, limit: 1 });
    expect([second.total, shownIds(second)]).toEqual([2, [anu!.user.id]]);
    expect((await keptDeckNow(viewer, ranked, { page: 3, limit: 1 })).data).toEqual([]);
  });

  it('is ranked again when someone joined since, someone new said Interested in the viewer, or once it is DECK_CACHE_SECONDS old by the app’s clock', async () => {
    const [viewer, others] = await viewerAndOthers();
    const ranked = others.map((member, index) => ({ id: member.user.id, score: 50, reasons: [`r${index}`] }));
    const version = await versionOf(viewer);
    const deck = { rankedAt: new Date().toISOString(), version, ranked };
    await founderWith({ firstName: 'Kalle', lookingForCofounder: true });
    expect(await versionOf(viewer)).not.toBe(version);
    const profile = accountMatchProfile(await accountOf(viewer));
    expect(await deckNow(deps(), profile, viewer.user.id, 'founder', deck, { page: 1, limit: 10 }, new Date())).toBeNull();

    // Someone new says Interested in the viewer: the version moves.
    const before = await versionOf(viewer);
    expect((await post('/matching/intents', { candidateId: viewer.user.id, kind: 'interested' }, { token: others[0]!.jwt })).status).toBe(201);
    expect(await versionOf(viewer)).not.toBe(before);

    const old = new Date(Date.now() - DECK_CACHE_SECONDS * 1000);
    await expect(keptDeckNow(viewer, ranked, { page: 1, limit: 10 }, new Date())).resolves.toMatchObject({ total: 6 });
    const aged = { rankedAt: old.toISOString(), version: await versionOf(viewer), ranked };
    expect(await deckNow(deps(), profile, viewer.user.id, 'founder', aged, { page: 1, limit: 10 }, new Date())).toBeNull();
  });

  it('serves the next reads from the kept list, and a new key when the viewer’s profile changes', async () => {
    const [viewer, [mart, liis]] = await viewerAndOthers();
    const cache = memoryCache();
    const clock = fixedClock(new Date());
    const page = { page: 1, limit: 50 };
    const first = await recommendMatches({ ...deps(), clock }, await accountOf(viewer), 'founder', page, cache);
    expect(first.data.map((match) => match.member._id)).toEqual(expect.arrayContaining([mart!.user.id, liis!.user.id]));
    expect(cache.writes).toBe(1);

    // The kept list is what the next read answers: a list with Liis first and reasons of its own shows.
    const key = deckKey(await accountOf(viewer), 'founder');
    let servedKept = false;
    for (let attempt = 0; attempt < 5 && !servedKept; attempt += 1) {
      cache.decks.set(key, {
        rankedAt: clock.now().toISOString(),
        version: await versionOf(viewer),
        ranked: [
          { id: liis!.user.id, score: 99, reasons: ['kept'] },
          { id: mart!.user.id, score: 98, reasons: ['kept'] },
        ],
      });
      const writes = cache.writes;
      const next = await recommendMatches({ ...deps(), clock }, await accountOf(viewer), 'founder', page, cache);
      if (cache.writes !== writes) continue;
      expect(next.data.map((match) => [match.member._id, match.score, match.reasons])).toEqual([
        [liis!.user.id, 99, ['kept']],
        [mart!.user.id, 98, ['kept']],
      ]);
      expect(next.total).toBe(2);
      servedKept = true;
    }
    expect(servedKept).toBe(true);

    // A profile saved (its updated_at moves) is a new key: ranked at once.
    await db(env).run(sql`UPDATE founders SET tagline = 'Grid software, again', updated_at = ${new Date(Date.now() + 1000).toISOString()} WHERE user_id = ${viewer.user.id}`);
    expect(deckKey(await accountOf(viewer), 'founder')).not.toBe(key);
    const writes = cache.writes;
    await recommendMatches({ ...deps(), clock }, await accountOf(viewer), 'founder', page, cache);
    expect(cache.writes).toBe(writes + 1);
  });

  it('answers the same through the route as ranked afresh', async () => {
    const [viewer, [mart]] = await viewerAndOthers();
    const read = async () =>
      (await bodyOf(await get('/profiles/recommend-search?limit=50', { token: viewer.jwt }))).data.map((match: { member: { _id: string } }) => match.member._id);
    const first = await read();
    expect(first).toContain(mart!.user.id);
    expect(await read()).toEqual(first);
    expect((await post('/matching/intents', { candidateId: mart!.user.id, kind: 'interested' }, { token: viewer.jwt })).status).toBe(201);
    expect(await read()).not.toContain(mart!.user.id);
  });

  it('checks the kept ids by their primary key, never walking the members', async () => {
    const deck = { rankedAt: new Date().toISOString(), version: '', ranked: [{ id: 'a'.repeat(24), score: 1, reasons: [] }] };
    const [viewer] = await viewerAndOthers();
    const still = inDeck(accountMatchProfile(await accountOf(viewer)), viewer.user.id, 'founder', new Date())!;
    const plan = (await db(env).all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${deckNowStatement(viewer.user.id, deck, { page: 1, limit: 10 }, still, sql`''`)}`)).map(
      (row) => row.detail,
    );
    const lines = plan.join('\n');
    expect(
      plan.filter((line) => /^(SCAN|SEARCH) u\b/.test(line)),
      lines,
    ).toEqual(expect.arrayContaining(['SEARCH u USING INDEX sqlite_autoindex_users_1 (id=?)']));
    expect(
      plan.filter((line) => /^(SCAN|SEARCH) u\b/.test(line) && !line.includes('(id=?)')),
      lines,
    ).toEqual([]);
    const kept = plan.findIndex((line) => line.startsWith('SCAN j'));
    expect(kept, lines).toBeGreaterThanOrEqual(0);
    expect(kept, lines).toBeLessThan(plan.indexOf('SEARCH u USING INDEX sqlite_autoindex_users_1 (id=?)'));
  });
});
