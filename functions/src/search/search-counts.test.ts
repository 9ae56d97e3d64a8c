/**
 * The totals of searches with no filter, one facet or two come from search_counts (0026) and
 * search_pair_counts (0029), kept by triggers, less the viewer's blocked members and the unlisted ones. These tests own their
 * file's database (each test file has its own), so every count and total is known exactly.
 */
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, post, type signedInMember } from '../../test/api';
import { db } from '../db/client';
import { founders, users } from '../db/schema';
import { indexStatements } from '../profiles/index-rows';
import { findAccountById } from '../users/repository';
import { advisorWith, founderWith, idsOf } from './test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type CountRow = { member_type: string; kind: string; value: string; members: number };

const database = db(env);

/** The counters as kept, and as counted afresh from users and profile_tags (nonzero rows). */
async function countersAndRecount() {
  const kept = await database.all<CountRow>(sql`SELECT member_type, kind, value, members FROM search_counts WHERE members <> 0 ORDER BY 1, 2, 3`);
  const recount = await database.all<CountRow>(sql`
    SELECT member_type, kind, value, members FROM (
      SELECT member_type, '' AS kind, '' AS value, count(*) AS members FROM users WHERE onboarded = 1 GROUP BY member_type
      UNION ALL SELECT u.member_type, t.kind, t.value, count(*) FROM profile_tags t JOIN users u ON u.id = t.user_id GROUP BY 1, 2, 3)
    ORDER BY 1, 2, 3`);
  const keptPairs = await database.all(sql`SELECT member_type, kind_a, value_a, kind_b, value_b, members FROM search_pair_counts WHERE members <> 0 ORDER BY 1, 2, 3, 4, 5`);
  const recountPairs = await database.all(sql`
    SELECT u.member_type, a.kind AS kind_a, a.value AS value_a, b.kind AS kind_b, b.value AS value_b, count(*) AS members
    FROM profile_tags a JOIN profile_tags b ON b.user_id = a.user_id AND b.kind > a.kind JOIN users u ON u.id = a.user_id
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
  return { kept: [...kept, ...keptPairs], recount: [...recount, ...recountPairs] };
}

const keptCount = async (memberType: string, kind: string, value: string) =>
  (await database.all<{ members: number }>(sql`SELECT members FROM search_counts WHERE member_type = ${memberType} AND kind = ${kind} AND value = ${value}`))[0]?.members ?? 0;

async function reindex(member: Member) {
  const account = await findAccountById(database, member.user.id);
  const [first, ...rest] = indexStatements(database, account!);
  await database.batch([first!, ...rest]);
}

describe('search totals from the counters', () => {
  let viewer: Member;
  let listed: Member[];
  let unlisted: Member[];

  beforeAll(async () => {
    viewer = await advisorWith({ openToRemote: true, industries: ['fintech'] });
    const remote = (industries: string[], isTechnical: boolean) => founderWith({ openToRemote: true, industries, isTechnical });
    listed = [
      await remote(['fintech', 'ai'], true),
      await remote(['fintech'], false),
      await remote(['ai'], true),
      await founderWith({ openToRemote: false, industries: ['fintech'] }),
    ];
    // Each of these is left out in its own way: blocked by the viewer, blocking the viewer,
    // deletion pending, suspended.
    unlisted = [await remote(['fintech'], true), await remote(['fintech', 'ai'], false), await remote(['ai'], true), await remote(['fintech'], true)];
    const [blocked, blocker, leaving, suspended] = unlisted as [Member, Member, Member, Member];
    await post(`/connection/block/${blocked.user.id}`, undefined, { token: viewer.jwt });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: blocker.jwt });
    const now = new Date().toISOString();
    await database.run(sql`INSERT INTO deletion_requests (id, user_id, status, created_at, due_at) VALUES (${crypto.randomUUID()}, ${leaving.user.id}, 'pending', ${now}, ${now})`);
    await database.update(users).set({ suspendedAt: now }).where(eq(users.id, suspended.user.id));
  });

  async function search(path: string) {
    const response = await get(path, { token: viewer.jwt });
    expect(response.status, await response.clone().text()).toBe(200);
    return bodyOf(response) as Promise<{ total: number; data: Array<{ _id: string }> }>;
  }

  const ids = (members: Member[]) => members.map((member) => member.user.id).sort();

  it.each([
    ['no filter', '', () => listed],
    ['one facet of one value', '&industries=fintech', () => [listed[0]!, listed[1]!, listed[3]!]],
    ['one one-value facet of every value', '&technical=true&technical=false', () => listed.slice(0, 3)],
    ['one facet of two values, a member holding both counted once', '&industries=fintech&industries=ai', () => listed],
    ['two facets, from the pair counters', '&industries=ai&remote=true', () => [listed[0]!, listed[2]!]],
    ['two one-value facets of several values', '&technical=true&technical=false&remote=true', () => listed.slice(0, 3)],
    ['two facets, one of values a member holds together (counted by the index)', '&industries=fintech&industries=ai&remote=true', () => listed.slice(0, 3)],
    ['three facets (counted by the index)', '&industries=fintech&remote=true&technical=false', () => [listed[1]!]],
  ])('answers the exact total with %s', async (_, query, expected) => {
    const page = await search(`/founder/search?limit=50&page=1${query}`);
    expect(idsOf(page).sort()).toEqual(ids(expected()));
    expect(page.total).toBe(expected().length);
    // Past the last page, the total is still the count.
    expect((await search(`/founder/search?limit=1&page=9${query}`)).total).toBe(expected().length);
  });

  it('counts both types when a search has none', async () => {
    const page = await search('/profiles/search?_limit=50&_page=1&remote=true');
    expect(page.total).toBe(4);
    expect(idsOf(page).sort()).toEqual([...ids(listed.slice(0, 3)), viewer.user.id].sort());
  });
});

describe('search_counts and search_pair_counts', () => {
  it('count onboarded members per type, per facet value and per pair of values as profiles are saved, changed, onboarded and deleted', async () => {
    const keys = [
      ['founder', '', ''],
      ['advisor', '', ''],
      ['founder', 'industry', 'fintech'],
      ['advisor', 'industry', 'fintech'],
      ['founder', 'city', '42'],
      ['founder', 'city', '7'],
    ] as const;
    const before = Object.fromEntries(await Promise.all(keys.map(async (key) => [key.join(':'), await keptCount(key[0], key[1], key[2])] as const)));
    /** How much a counter grew since the test began. */
    const added = async (...key: [string, string, string]) => (await keptCount(...key)) - (before[key.join(':')] ?? 0);
    const ada = await founderWith({ openToRemote: true, industries: ['fintech', 'ai'], cityId: 42 });
    await founderWith({ openToRemote: true, industries: ['fintech'], cityId: 42 });
    const late = await founderWith({ openToRemote: true, industries: ['fintech'], onboarded: false });
    const grace = await advisorWith({ openToRemote: true, industries: ['fintech'] });
    expect(await added('founder', '', '')).toBe(2);
    expect(await added('advisor', '', '')).toBe(1);
    expect(await added('founder', 'industry', 'fintech')).toBe(2);
    expect(await added('advisor', 'industry', 'fintech')).toBe(1);
    expect(await added('founder', 'city', '42')).toBe(2);
    let { kept, recount } = await countersAndRecount();
    expect(kept).toEqual(recount);

    // A save rewrites the tags (delete, then insert): the counters follow.
    await database
      .update(founders)
      .set({ openToRemote: false, industries: ['ai'], cityId: 7 })
      .where(eq(founders.userId, ada.user.id));
    await reindex(ada);
    expect(await added('founder', 'industry', 'fintech')).toBe(1);
    expect(await added('founder', 'city', '42')).toBe(1);
    expect(await added('founder', 'city', '7')).toBe(1);
    // Onboarding counts the member (then the save indexes their tags).
    await database.update(users).set({ onboarded: true }).where(eq(users.id, late.user.id));
    await reindex(late);
    expect(await added('founder', '', '')).toBe(3);
    expect(await added('founder', 'industry', 'fintech')).toBe(2);
    // An account deleted takes its tags and its member out, whatever cascades after.
    await database.run(sql`DELETE FROM users WHERE id = ${grace.user.id}`);
    expect(await added('advisor', '', '')).toBe(0);
    expect(await added('advisor', 'industry', 'fintech')).toBe(0);
    ({ kept, recount } = await countersAndRecount());
    expect(kept).toEqual(recount);
  });
});
