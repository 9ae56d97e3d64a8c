import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { put, requestId } from '../../test/connections';
import { db } from '../db/client';
import { users } from '../db/schema';
import { taggingProfiles } from './tagging';
import { advisorWith, daysAgo, founderWith, idsOf } from './test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function mentions(viewer: Member, query: string) {
  const response = await get(`/founder/tagging-profiles?${query}`, { token: viewer.jwt });
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

describe('GET /founder/tagging-profiles', () => {
  it('finds founders and advisors by the start of their names, your connections first', async () => {
    const family = `Quill${crypto.randomUUID().slice(0, 5)}`;
    const viewer = await founderWith({ firstName: 'Ifeoma', lastName: family });
    const stranger = await founderWith({ firstName: 'Zara', lastName: family, joinedAt: daysAgo(1) });
    const advisor = await advisorWith({ name: `Tunde ${family}`, joinedAt: daysAgo(2) });
    const friend = await founderWith({ firstName: 'Bola', lastName: family, joinedAt: daysAgo(3) });
    await put(`/connection/accepted/${await requestId(viewer, friend)}`, friend.jwt);
    await founderWith({ firstName: 'Kemi', lastName: family, onboarded: false });
    await founderWith({ firstName: 'Tolu', lastName: 'Other', tagline: `Not a ${family} by name` });

    const result = await mentions(viewer, `query=${family.slice(0, 7).toLowerCase()}`);
    expect(idsOf(result)).toEqual([friend, stranger, advisor].map((m) => m.user.id));
    expect(result).toMatchObject({ total: 3, page: 1, limit: 10, pages: 1 });
    expect(result.data[2]).toEqual({
      _id: advisor.user.id,
      memberType: 'advisor',
      name: `Tunde ${family}`,
      tagline: null,
      slug: advisor.advisor!.slug,
      avatar: null,
      banner: null,
      profileId: advisor.advisor!.id,
      premium: false,
      verified: null,
    });
    expect(idsOf(await mentions(viewer, `query=${encodeURIComponent(`tun ${family}`)}`))).toEqual([advisor.user.id]);
    // A one-letter word is left out (FTS5 would read every name it begins); the others still narrow.
    expect(idsOf(await mentions(viewer, `query=${encodeURIComponent(`${family} t`)}`))).toEqual([friend, stranger, advisor].map((m) => m.user.id));
    expect(await mentions(viewer, `query=${family}&limit=1&page=2`)).toMatchObject({ total: 3, pages: 3, data: [{ _id: stranger.user.id }] });
    expect(await mentions(viewer, `query=${family}&limit=2&page=3`)).toMatchObject({ total: 3, pages: 2, data: [] });
  });

  it('pages through connections first, then everyone else with a picture first and the newest next', async () => {
    const family = `Wren${crypto.randomUUID().slice(0, 5)}`;
    const viewer = await founderWith({ firstName: 'Nneka', lastName: family });
    const oldWithPicture = await founderWith({ firstName: 'Ayo', lastName: family, joinedAt: daysAgo(40), profilePictureUrl: '/media/avatars/w.webp' });
    const newest = await founderWith({ firstName: 'Dayo', lastName: family, joinedAt: daysAgo(1) });
    const older = await advisorWith({ name: `Femi ${family}`, joinedAt: daysAgo(5) });
    const friends = [
      await founderWith({ firstName: 'Kola', lastName: family, joinedAt: daysAgo(9) }),
      await founderWith({ firstName: 'Lara', lastName: family, joinedAt: daysAgo(3) }),
    ];
    for (const friend of friends) await put(`/connection/accepted/${await requestId(viewer, friend)}`, friend.jwt);
    const expected = [friends[1]!, friends[0]!, oldWithPicture, newest, older].map((m) => m.user.id);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await mentions(viewer, `query=${family}&limit=2&page=${page}`));
    expect(pages.flatMap(idsOf)).toEqual(expected);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    // Connections picked out of the hits (many connections) page the same as looked up key by key.
    for (const keyByKey of [0, 1]) {
      const picked = [];
      for (let page = 1; page <= 3; page++) picked.push(await taggingProfiles({ db: db(env) }, viewer.user.id, family, { page, limit: 2 }, keyByKey));
      expect(picked.flatMap(idsOf), `keyByKey ${keyByKey}`).toEqual(expected);
    }
    // Someone unlisted (deletion pending) is left out, page and total.
    await db(env).run(
      sql`INSERT INTO deletion_requests (id, user_id, status, created_at, due_at) VALUES (${crypto.randomUUID()}, ${newest.user.id}, 'pending', ${new Date().toISOString()}, ${new Date().toISOString()})`,
    );
    expect(await mentions(viewer, `query=${family}`)).toMatchObject({ total: 4 });
    expect(idsOf(await mentions(viewer, `query=${family}`))).toEqual(expected.filter((id) => id !== newest.user.id));
  });

  it('leaves out members on either side of a block, and reads FTS syntax as words', async () => {
    const family = `Brae${crypto.randomUUID().slice(0, 5)}`;
    const viewer = await signedInMember();
    const blocked = await founderWith({ firstName: 'Uche', lastName: family });
    const blocker = await advisorWith({ name: `Ama ${family}` });
    await post(`/connection/block/${blocked.user.id}`, undefined, { token: viewer.jwt });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: blocker.jwt });
    expect((await mentions(viewer, `query=${family}`)).total).toBe(0);
    for (const query of [`${family}"`, `"${family}*"`, `NEAR(${family})`, `${family} OR x`, `name:${family}`]) {
      const response = await get(`/founder/tagging-profiles?query=${encodeURIComponent(query)}`, { token: viewer.jwt });
      expect(response.status, query).toBe(200);
    }
  });

  it('wants a query with a word, and a limit and page in range', async () => {
    const viewer = await signedInMember();
    for (const [query, field] of [
      ['', 'query'],
      ['query=', 'query'],
      ['query=%2A%22', 'query'],
      ['query=a', 'query'],
      ['query=a%20b', 'query'],
      ['query=ada&limit=51', 'limit'],
      ['query=ada&page=0', 'page'],
    ] as const) {
      const response = await get(`/founder/tagging-profiles?${query}`, { token: viewer.jwt });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), query).toEqual([field]);
    }
  });
});

describe('GET /profiles/sitemap', () => {
  it('lists onboarded members who allow search indexing, without signing in', async () => {
    const listed = await founderWith();
    const advisor = await advisorWith();
    const optedOut = await founderWith();
    await db(env).update(users).set({ searchIndexing: false }).where(eq(users.id, optedOut.user.id));
    const notOnboarded = await founderWith({ onboarded: false });

    const response = await get('/profiles/sitemap');
    expect(response.status).toBe(200);
    const { data } = await bodyOf(response);
    const slugs = data.map((entry: { slug: string }) => entry.slug);
    expect(data).toContainEqual({ memberType: 'founder', slug: listed.founder!.slug, updatedAt: listed.founder!.updatedAt });
    expect(data).toContainEqual({ memberType: 'advisor', slug: advisor.advisor!.slug, updatedAt: advisor.advisor!.updatedAt });
    expect(slugs).not.toContain(optedOut.founder!.slug);
    expect(slugs).not.toContain(notOnboarded.founder!.slug);
  });
});
