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
type CountRow = { member_type: string; kind: string; value: string; flags: number; members: number };

const database = db(env);

/** A member's flags counted afresh: 1 open to remote, 2 looking for a co-founder (0032). */
const FLAGS_OF = (id: string) =>
  sql.raw(`(EXISTS (SELECT 1 FROM profile_tags r WHERE r.kind = 'remote' AND r.value = '1' AND r.user_id = ${id})
    + 2 * EXISTS (SELECT 1 FROM profile_tags l WHERE l.kind = 'looking' AND l.value = '1' AND l.user_id = ${id}))`);

/** The counters as kept, and as counted afresh from users and profile_tags (nonzero rows). */
async function countersAndRecount() {
  const kept = await database.all<CountRow>(sql`SELECT member_type, kind, value, flags, members FROM search_counts WHERE members <> 0 ORDER BY 1, 2, 3, 4`);
  const recount = await database.all<CountRow>(sql`
    SELECT member_type, kind, value, flags, members FROM (
      SELECT member_type, '' AS kind, '' AS value, ${FLAGS_OF('u.id')} AS flags, count(*) AS members FROM users u WHERE onboarded = 1 GROUP BY 1, 4
      UNION ALL SELECT u.member_type, t.kind, t.value, ${FLAGS_OF('u.id')}, count(*) FROM profile_tags t JOIN users u ON u.id = t.user_id
        WHERE t.kind NOT IN ('remote', 'looking') GROUP BY 1, 2, 3, 4)
    ORDER BY 1, 2, 3, 4`);
  const keptPairs = await database.all(
    sql`SELECT member_type, kind_a, value_a, kind_b, value_b, flags, members FROM search_pair_counts WHERE members <> 0 ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  const recountPairs = await database.all(sql`
    SELECT u.member_type, a.kind AS kind_a, a.value AS value_a, b.kind AS kind_b, b.value AS value_b, ${FLAGS_OF('u.id')} AS flags, count(*) AS members
    FROM profile_tags a JOIN profile_tags b ON b.user_id = a.user_id AND b.kind > a.kind JOIN users u ON u.id = a.user_id
    WHERE a.kind NOT IN ('remote', 'looking') AND b.kind NOT IN ('remote', 'looking')
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);
  return { kept: [...kept, ...keptPairs], recount: [...recount, ...recountPairs] };
}

/** A counter over every flags value. */
const keptCount = async (memberType: string, kind: string, value: string) =>
  (
    await database.all<{ members: number | null }>(sql`SELECT sum(members) AS members FROM search_counts WHERE member_type = ${memberType} AND kind = ${kind} AND value = ${value}`)
  )[0]?.members ?? 0;

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
    const remote = (industries: string[], isTechnical: boolean, lookingForCofounder = false) =>
      founderWith({ openToRemote: true, industries, isTechnical, lookingForCofounder, commitment: 'full-time' });
    listed = [
      await remote(['fintech', 'ai'], true, true),
      await remote(['fintech'], false),
      await remote(['ai'], true),
      await founderWith({ openToRemote: false, industries: ['fintech'], lookingForCofounder: true }),
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
    ['two facets and remote, from the pair counters under their flags', '&industries=fintech&technical=false&remote=true', () => [listed[1]!]],
    ['two facets, remote and looking, from the pair counters under their flags', '&industries=fintech&technical=true&remote=true&looking=true', () => [listed[0]!]],
    ['looking alone, from the type counters under their flags', '&looking=true', () => [listed[0]!, listed[3]!]],
    ['three facets and a flag (counted by the index)', '&industries=fintech&technical=false&commitment=full-time&remote=true', () => [listed[1]!]],
  ])('answers the exact total with %s', async (_, query, expected) => {
    const page = await search(`/founder/search?limit=50&page=1${query}`);
    expect(idsOf(page).sort()).toEqual(ids(expected()));
    expect(page.total).toBe(expected().length);
    // Past the last page, the total is still the count.
    expect((await search(`/founder/search?limit=1&page=9${query}`)).total).toBe(expected().length);
  });

  it('counts both types when a search has none, less the viewer', async () => {
    const page = await search('/profiles/search?_limit=50&_page=1&remote=true');
    expect(page.total).toBe(3);
    expect(idsOf(page).sort()).toEqual(ids(listed.slice(0, 3)));
  });

  it('takes the viewer off a counted total they match', async () => {
    const page = await search('/advisor/search?limit=50&page=1&industries=fintech&remote=true');
    expect(page).toMatchObject({ total: 0, data: [] });
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

  it('move a member between flags as remote and looking are set and cleared, in any order of tags', async () => {
    const member = await founderWith({ openToRemote: false, lookingForCofounder: false, industries: ['fintech', 'ai'], skills: ['engineering'], cityId: 42, isTechnical: true });
    const flagsOf = async () => (await database.all<{ flags: number }>(sql`SELECT flags FROM search_member_flags WHERE user_id = ${member.user.id}`))[0]?.flags;
    for (const [openToRemote, lookingForCofounder, flags] of [
      [true, false, 1],
      [true, true, 3],
      [false, true, 2],
      [false, false, 0],
    ] as const) {
      await database.update(founders).set({ openToRemote, lookingForCofounder }).where(eq(founders.userId, member.user.id));
      await reindex(member);
      expect(await flagsOf()).toBe(flags);
      const { kept, recount } = await countersAndRecount();
      expect(kept).toEqual(recount);
    }
    // Tags written and removed one by one, flags in the middle of the others, keep them true too.
    await database.run(sql`DELETE FROM profile_tags WHERE user_id = ${member.user.id} AND kind = 'skill'`);
    await database.run(sql`INSERT INTO profile_tags (user_id, kind, value) VALUES (${member.user.id}, 'looking', '1')`);
    await database.run(sql`INSERT INTO profile_tags (user_id, kind, value) VALUES (${member.user.id}, 'skill', 'design')`);
    await database.run(sql`INSERT INTO profile_tags (user_id, kind, value) VALUES (${member.user.id}, 'remote', '1')`);
    await database.run(sql`DELETE FROM profile_tags WHERE user_id = ${member.user.id} AND kind = 'looking'`);
    await database.run(sql`DELETE FROM profile_tags WHERE user_id = ${member.user.id} AND kind = 'industry' AND value = 'ai'`);
    const { kept, recount } = await countersAndRecount();
    expect(kept).toEqual(recount);
    await database.run(sql`DELETE FROM users WHERE id = ${member.user.id}`);
    const after = await countersAndRecount();
    expect(after.kept).toEqual(after.recount);
  });
});
