/**
 * The bounds on one search's work (SEARCH_BOUNDS): totals counted up to a cap, and relevance
 * only for words that match few members. The bounds are passed small here, so a handful of
 * members crosses them; the routes pass SEARCH_BOUNDS (1,000 each).
 */
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { searchMembers, type SearchCriteria } from './search';
import { daysAgo, founderWith, idsOf } from './test-profiles';

const deps = { db: db(env) };
type Member = Awaited<ReturnType<typeof signedInMember>>;

let cityIds = 930_000_000;
/** A city id no other test uses: filtering on it scopes a test to its own members. */
const newCity = () => ++cityIds;

const founders = (tags: SearchCriteria['tags'], q?: string): SearchCriteria => ({ memberType: 'founder', q, tags, order: 'relevance' });

async function search(viewer: Member, criteria: SearchCriteria, bounds: { countCap: number; rankedMatches: number }, page = { page: 1, limit: 2 }) {
  return searchMembers(deps, viewer.user.id, criteria, page, bounds);
}

describe('search totals counted up to a cap', () => {
  it('gives the exact total up to the cap, then the cap with capped set, and pages stop there', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const members = [];
    for (let day = 1; day <= 4; day++) members.push(await founderWith({ cityId: city, skills: ['design'], industries: ['fintech'], joinedAt: daysAgo(day) }));
    // Three facets besides the flags: counted in the index, up to the cap.
    const criteria = founders({ city: [String(city)], skill: ['design'], industry: ['fintech'] });
    expect(await search(viewer, criteria, { countCap: 10, rankedMatches: 10 })).toMatchObject({ total: 4, pages: 2, capped: false });
    expect(await search(viewer, criteria, { countCap: 4, rankedMatches: 10 })).toMatchObject({ total: 4, pages: 2, capped: false });
    const capped = await search(viewer, criteria, { countCap: 3, rankedMatches: 10 });
    expect(capped).toMatchObject({ total: 3, pages: 2, capped: true });
    // The page itself is whole and in order.
    expect(idsOf(capped)).toEqual([members[0]!.user.id, members[1]!.user.id]);
    // The last page holds no one past the cap, and a page past it is empty (and not read).
    const last = await search(viewer, criteria, { countCap: 3, rankedMatches: 10 }, { page: 2, limit: 2 });
    expect(last).toMatchObject({ total: 3, pages: 2, capped: true });
    expect(idsOf(last)).toEqual([members[2]!.user.id]);
    expect(await search(viewer, criteria, { countCap: 3, rankedMatches: 10 }, { page: 3, limit: 2 })).toMatchObject({ data: [], total: 3, capped: true });
    // Words are counted by FTS5 as well.
    const named = await search(viewer, founders({ city: [String(city)] }, 'Grace'), { countCap: 1, rankedMatches: 10 });
    expect(named).toMatchObject({ total: 1, pages: 1, capped: true });
  });

  it('keeps the exact total the counters hold, whatever the cap', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    for (let day = 1; day <= 3; day++) await founderWith({ cityId: city, joinedAt: daysAgo(day) });
    expect(await search(viewer, founders({ city: [String(city)] }), { countCap: 1, rankedMatches: 1 })).toMatchObject({ total: 3, pages: 2, capped: false });
  });

  it('leaves blocked members out of a capped count', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const blocked = await founderWith({ cityId: city, skills: ['design'], industries: ['fintech'], joinedAt: daysAgo(1) });
    await founderWith({ cityId: city, skills: ['design'], industries: ['fintech'], joinedAt: daysAgo(2) });
    await post(`/connection/block/${blocked.user.id}`, undefined, { token: viewer.jwt });
    // Three facets besides the flags: counted in the index, up to the cap.
    const criteria = founders({ city: [String(city)], skill: ['design'], industry: ['fintech'] });
    expect(await search(viewer, criteria, { countCap: 1, rankedMatches: 10 })).toMatchObject({ total: 1, capped: false });
  });

  it('leaves out members whose deletion is pending, or approved and not yet carried out', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const [pending, approved, completed, kept] = [
      await founderWith({ cityId: city, joinedAt: daysAgo(1) }),
      await founderWith({ cityId: city, joinedAt: daysAgo(2) }),
      await founderWith({ cityId: city, joinedAt: daysAgo(3) }),
      await founderWith({ cityId: city, joinedAt: daysAgo(4) }),
    ];
    const now = new Date().toISOString();
    for (const [member, status] of [
      [pending, 'pending'],
      [approved, 'approved'],
      [completed, 'completed'],
    ] as const) {
      await deps.db.run(
        sql`INSERT INTO deletion_requests (id, user_id, status, created_at, due_at) VALUES (${crypto.randomUUID()}, ${member!.user.id}, ${status}, ${now}, ${now})`,
      );
    }
    const bounds = { countCap: 10, rankedMatches: 10 };
    // (A completed request's member is erased in life; here the row alone does not unlist them.)
    for (const criteria of [founders({ city: [String(city)] }), founders({ city: [String(city)], skill: [] }, 'Grace')]) {
      const found = await search(viewer, criteria, bounds, { page: 1, limit: 10 });
      expect(idsOf(found)).toEqual([completed!.user.id, kept!.user.id]);
      expect(found.total).toBe(2);
    }
  });
});

describe('words matched whole, or as beginnings when no member has them whole', () => {
  it('finds whole words first, and beginnings only when nobody has the words whole', async () => {
    const city = newCity();
    const word = `tapir${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await signedInMember();
    const whole = await founderWith({ cityId: city, tagline: `${word} for farms`, joinedAt: daysAgo(2) });
    const longer = await founderWith({ cityId: city, tagline: `${word}s for farms`, joinedAt: daysAgo(1) });
    const bounds = { countCap: 10, rankedMatches: 10 };
    expect(idsOf(await search(viewer, founders({ city: [String(city)] }, word), bounds))).toEqual([whole.user.id]);
    const begun = await search(viewer, founders({ city: [String(city)] }, word.slice(0, 8)), bounds);
    expect(begun).toMatchObject({ total: 2, capped: false });
    expect(idsOf(begun)).toEqual([longer.user.id, whole.user.id]);
    // Whole words found only outside the search (another city) do not stop the beginnings.
    const elsewhere = newCity();
    await founderWith({ cityId: elsewhere, tagline: `${word.slice(0, 8)} only here`, joinedAt: daysAgo(3) });
    expect(idsOf(await search(viewer, founders({ city: [String(city)] }, word.slice(0, 8)), bounds))).toEqual([longer.user.id, whole.user.id]);
    // Every word must be there, whole or begun; one missing finds nobody.
    expect(await search(viewer, founders({ city: [String(city)] }, `${word} nowhere${word}`), bounds)).toMatchObject({ total: 0, data: [] });
  });
});

describe('relevance for words that match few members', () => {
  it('ranks the best match first while the words match at most the bound, then keeps the key order', async () => {
    const city = newCity();
    const word = `okapi${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await signedInMember();
    const inBio = await founderWith({ cityId: city, bio: `We count ${word} herds.`, joinedAt: daysAgo(1) });
    const inName = await founderWith({ cityId: city, lastName: word, joinedAt: daysAgo(5) });
    const criteria = founders({ city: [String(city)] }, word);
    expect(idsOf(await search(viewer, criteria, { countCap: 10, rankedMatches: 2 }))).toEqual([inName.user.id, inBio.user.id]);
    expect(idsOf(await search(viewer, criteria, { countCap: 10, rankedMatches: 1 }))).toEqual([inBio.user.id, inName.user.id]);
  });

  it('applies every filter, the type and the blocks to the ranked matches', async () => {
    const city = newCity();
    const word = `quokka${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await signedInMember();
    const design = await founderWith({ cityId: city, skills: ['design'], tagline: `${word} tools`, joinedAt: daysAgo(2) });
    await founderWith({ cityId: city, skills: ['sales-marketing'], lastName: word, joinedAt: daysAgo(3) });
    const blocked = await founderWith({ cityId: city, skills: ['design'], lastName: word, joinedAt: daysAgo(4) });
    await founderWith({ cityId: newCity(), skills: ['design'], lastName: word, joinedAt: daysAgo(5) });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: blocked.jwt });
    const bounds = { countCap: 10, rankedMatches: 10 };
    expect(idsOf(await search(viewer, founders({ city: [String(city)], skill: ['design'] }, word), bounds))).toEqual([design.user.id]);
    // The advisor search does not find founders, ranked or not.
    expect(idsOf(await search(viewer, { memberType: 'advisor', q: word, tags: {}, order: 'relevance' }, bounds))).toEqual([]);
  });
});
