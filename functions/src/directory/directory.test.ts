import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';
import { put, requestId } from '../../test/connections';
import { newPost } from '../../test/posts';
import { fixedClock, systemClock } from '../clock';
import { db } from '../db/client';
import { advisors, users } from '../db/schema';
import { findAccountById } from '../users/repository';
import { indexStatements } from '../profiles/index-rows';
import { advisorWith, daysAgo, founderWith, idsOf } from '../search/test-profiles';
import { cachedDirectoryCities, directoryCities } from './directory';
import { cachedHighlights, monthStart, readHighlights, siteFigures } from './highlights';

const database = db(env);
const deps = { db: database, clock: systemClock };

let cityIds = 910_000_000;
/** A city id no other test uses: filtering on it scopes a test to its own members. */
const newCity = () => ++cityIds;
const uniqueTag = () => `topic${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** The member chooses "no" to search engines (Settings → Privacy). */
async function optOut(member: { user: { id: string } }) {
  await database.update(users).set({ searchIndexing: false }).where(eq(users.id, member.user.id));
}

async function directory(path: string) {
  const response = await get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

describe('GET /directory/founders and /directory/advisors', () => {
  it('lists, for visitors, the onboarded founders who allow search engines, pictures first then newest', async () => {
    const city = newCity();
    const older = await founderWith({ cityId: city, cityName: 'Lagos, Nigeria', skills: ['engineering'], joinedAt: daysAgo(3) });
    const newer = await founderWith({ cityId: city, cityName: 'Lagos, Nigeria', skills: ['design'], ideaStage: 'prototype', joinedAt: daysAgo(1) });
    const pictured = await founderWith({ cityId: city, profilePictureUrl: 'profiles/a.webp', joinedAt: daysAgo(9) });
    const hidden = await founderWith({ cityId: city, joinedAt: daysAgo(0) });
    await optOut(hidden);
    await founderWith({ cityId: city, onboarded: false });
    await advisorWith({ cityId: city });

    const page = await directory(`/directory/founders?city=${city}`);
    expect(idsOf(page)).toEqual([pictured, newer, older].map((m) => m.user.id));
    expect(page).toMatchObject({ total: 3, page: 1, limit: 24, pages: 1, capped: false });
    expect(page.data[1]).toMatchObject({ memberType: 'founder', slug: newer.founder!.slug, city: 'Lagos, Nigeria', skills: ['design'], ideaStage: 'prototype' });

    expect(idsOf(await directory(`/directory/founders?city=${city}&skill=engineering`))).toEqual([older.user.id]);
    expect(idsOf(await directory(`/directory/founders?city=${city}&stage=prototype&industry=`))).toEqual([newer.user.id]);
  }, 20_000);

  it('lists advisors by city, industry and expertise, without those who opted out', async () => {
    const city = newCity();
    const fundraiser = await advisorWith({ cityId: city, expertise: ['fundraising'], industries: ['fintech'] });
    const hidden = await advisorWith({ cityId: city, expertise: ['fundraising'], industries: ['fintech'] });
    await optOut(hidden);
    await advisorWith({ cityId: city, expertise: ['go-to-market'] });

    expect(idsOf(await directory(`/directory/advisors?city=${city}&expertise=fundraising`))).toEqual([fundraiser.user.id]);
    expect((await directory(`/directory/advisors?city=${city}&industry=fintech`)).total).toBe(1);
    expect((await directory(`/directory/advisors?city=${city}`)).total).toBe(2);
  });

  it('follows the privacy setting both ways, and keeps an opted-out member hidden when they save their profile', async () => {
    const city = newCity();
    const [one, two] = [await founderWith({ cityId: city, industries: ['fintech'] }), await founderWith({ cityId: city, industries: ['fintech'] })];
    const listed = async (path: string) => {
      const page = await directory(path);
      return { ids: idsOf(page).sort(), total: page.total };
    };
    const both = [one, two].map((m) => m.user.id).sort();
    expect(await listed(`/directory/founders?city=${city}`)).toEqual({ ids: both, total: 2 });

    await optOut(one);
    // Three facets: the total is FTS5's count, not the counters'.
    for (const path of [`/directory/founders?city=${city}`, `/directory/founders?city=${city}&industry=fintech`, `/directory/founders?city=${city}&industry=fintech&stage=idea`]) {
      const { ids, total } = await listed(path);
      expect(ids).not.toContain(one.user.id);
      expect(total).toBe(ids.length);
    }
    // A save rewrites the search row: the member stays hidden from visitors, found by members.
    const account = (await findAccountById(database, one.user.id))!;
    const [head, ...rest] = indexStatements(database, { ...account, founder: { ...account.founder!, tagline: 'Saved again' } });
    await database.batch([head!, ...rest]);
    expect(await listed(`/directory/founders?city=${city}`)).toEqual({ ids: [two.user.id], total: 1 });

    await database.update(users).set({ searchIndexing: true }).where(eq(users.id, one.user.id));
    expect(await listed(`/directory/founders?city=${city}`)).toEqual({ ids: both, total: 2 });
  }, 20_000);

  it('keeps only verified members with verified=true, on both directories, and refuses another value naming the filter', async () => {
    const city = newCity();
    const [plain, proved] = [await founderWith({ cityId: city }), await founderWith({ cityId: city })];
    const [adviser, provedAdviser] = [await advisorWith({ cityId: city }), await advisorWith({ cityId: city })];
    for (const member of [proved, provedAdviser]) {
      await database.run(
        sql`INSERT INTO social_identities (provider, subject, user_id, email, created_at) VALUES ('linkedin', ${crypto.randomUUID()}, ${member.user.id}, ${member.user.email}, ${new Date().toISOString()})`,
      );
    }
    const founders = await directory(`/directory/founders?city=${city}&verified=true`);
    expect(idsOf(founders)).toEqual([proved.user.id]);
    expect(founders.total).toBe(1);
    expect(founders.data[0].verified).toEqual({ linkedin: true, workDomain: null });
    expect(idsOf(await directory(`/directory/advisors?city=${city}&verified=true`))).toEqual([provedAdviser.user.id]);
    // An empty value is no filter, as for every directory filter.
    expect(idsOf(await directory(`/directory/founders?city=${city}&verified=`)).sort()).toEqual([plain, proved].map((m) => m.user.id).sort());
    expect(idsOf(await directory(`/directory/advisors?city=${city}`)).sort()).toEqual([adviser, provedAdviser].map((m) => m.user.id).sort());

    const wrong = await get('/directory/founders?verified=yes');
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).data.fields).toHaveProperty('verified');
  }, 20_000);

  it('answers a value outside the vocabulary with a 400 naming the filter', async () => {
    const response = await get('/directory/founders?skill=juggling');
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toHaveProperty('skill');
    const page = await get('/directory/advisors?page=0');
    expect(page.status).toBe(400);
    expect((await bodyOf(page)).data.fields).toHaveProperty('page');
    // A founder-only filter is not one of the advisors'.
    expect((await get('/directory/advisors?city=abc')).status).toBe(400);
  });

  it('names the cities with the most members of the type', async () => {
    const [busy, quiet] = [newCity(), newCity()];
    await database.run(sql`INSERT INTO cities (id, name, search_key, country_code, country_name, admin_code, population, latitude, longitude)
      VALUES (${busy}, 'Busytown', 'busytown', 'NG', 'Nigeria', NULL, 1, 0, 0), (${quiet}, 'Quietville', 'quietville', 'US', 'United States', 'OR', 1, 0, 0)`);
    for (let i = 0; i < 6; i++) await founderWith({ cityId: busy });
    await founderWith({ cityId: quiet });
    const { data } = await directory('/directory/cities?memberType=founder');
    const ids = data.map((city: { id: number }) => city.id);
    expect(data).toContainEqual({ id: busy, label: 'Busytown, Nigeria', members: 6 });
    // Most members first (the quiet city, if listed at all, comes later).
    if (ids.includes(quiet)) expect(ids.indexOf(busy)).toBeLessThan(ids.indexOf(quiet));
    expect((await get('/directory/cities?memberType=investor')).status).toBe(400);
  }, 20_000);

  it('answers each page with its city links, kept for a minute', async () => {
    const busy = newCity();
    await database.run(sql`INSERT INTO cities (id, name, search_key, country_code, country_name, admin_code, population, latitude, longitude)
      VALUES (${busy}, 'Crowdville', 'crowdville', 'KE', 'Kenya', NULL, 1, 0, 0)`);
    const cache = await caches.open(`cities-${crypto.randomUUID()}`);
    const before = await cachedDirectoryCities(deps, 'founder', cache);
    for (let i = 0; i < 30; i++) await founderWith({ cityId: busy });
    expect(await cachedDirectoryCities(deps, 'founder', cache)).toEqual(before);
    expect(await directoryCities(deps, 'founder')).toContainEqual({ id: busy, label: 'Crowdville, Kenya', members: 30 });
    const page = await directory(`/directory/founders?city=${busy}`);
    expect(page.total).toBe(30);
    // The page carries the city links the location's cache holds (read now when it held none).
    expect(page.cities).toEqual(await cachedDirectoryCities(deps, 'founder', (caches as unknown as { default: Cache }).default));
    expect(Array.isArray(page.cities)).toBe(true);
  }, 30_000);
});

describe('GET /directory/tags/{tag}', () => {
  it('lists the public posts of a hashtag newest first, never those of members who opted out', async () => {
    const tag = uniqueTag();
    const author = await founderWith();
    const hidden = await founderWith();
    await optOut(hidden);
    const first = await newPost(author, { text: `First #${tag}` });
    await newPost(hidden, { text: `Not for visitors #${tag}` });
    const second = await newPost(author, { text: `Second #${tag.toUpperCase()} and #other` });
    await newPost(author, { text: 'No tag here' });

    const page = await directory(`/directory/tags/${tag.toUpperCase()}`);
    expect(page).toMatchObject({ tag, total: 2, page: 1, limit: 20, pages: 1 });
    expect(page.data.map((post: { _id: string }) => post._id)).toEqual([second._id, first._id]);
    expect(page.data[0]).toMatchObject({ likedByUser: false, canEdit: false, canDelete: false, author: { _id: author.user.id } });

    const listed = await directory('/directory/tags');
    expect(listed.data.map((row: { tag: string }) => row.tag)).toContain(tag);
    expect((await directory(`/directory/tags/${tag}?page=2`)).data).toEqual([]);
  });

  it('answers a tag that cannot be a hashtag with a 400 naming it', async () => {
    const response = await get('/directory/tags/2024');
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toHaveProperty('tag');
  });
});

describe('the visitor home highlights', () => {
  it('feature advisors and posts of members who allow search engines only', async () => {
    const shown = await advisorWith({ profilePictureUrl: 'profiles/shown.webp', joinedAt: daysAgo(0) });
    const hidden = await advisorWith({ profilePictureUrl: 'profiles/hidden.webp' });
    await optOut(hidden);
    // Joined later and pictured: the first advisor a visitor would see, if they allowed it.
    await database
      .update(users)
      .set({ createdAt: new Date(Date.now() + 60_000).toISOString() })
      .where(eq(users.id, hidden.user.id));
    await database
      .update(advisors)
      .set({ createdAt: new Date(Date.now() + 60_000).toISOString() })
      .where(eq(advisors.userId, hidden.user.id));
    const account = await findAccountById(database, hidden.user.id);
    const [head, ...rest] = indexStatements(database, account!);
    await database.batch([head!, ...rest]);
    const visible = await newPost(shown, { text: 'Office hours this week' });
    await newPost(hidden, { text: 'Only for members' });

    const highlights = await readHighlights(deps);
    expect(highlights.advisors.map((a) => a._id)).not.toContain(hidden.user.id);
    expect(highlights.advisors.map((a) => a._id)).toContain(shown.user.id);
    expect(highlights.posts.map((p) => p.author._id)).not.toContain(hidden.user.id);
    expect(highlights.posts[0]?._id).toBe(visible._id);
  });

  it('count members, advisors, cities and the connections accepted this month', async () => {
    const before = await siteFigures(deps);
    const city = newCity();
    const a = await founderWith({ cityId: city });
    const b = await advisorWith({ cityId: city });
    await put(`/connection/accepted/${await requestId(a, b)}`, b.jwt);
    const after = await siteFigures(deps);
    expect(after).toEqual({
      members: before.members + 2,
      advisors: before.advisors + 1,
      cities: before.cities + 1,
      introductionsThisMonth: before.introductionsThisMonth + 1,
    });
    // Next month the introduction is last month's.
    const nextMonth = fixedClock(new Date(Date.UTC(2999, 0, 15)));
    expect((await siteFigures({ db: database, clock: nextMonth })).introductionsThisMonth).toBe(0);
    expect(monthStart(new Date('2026-11-28T18:00:00Z'))).toBe('2026-11-01T00:00:00.000Z');
  });

  it('are read once and then served from the cache for a minute', async () => {
    const cache = await caches.open(`highlights-${crypto.randomUUID()}`);
    const first = await cachedHighlights(deps, cache);
    await advisorWith({ profilePictureUrl: 'profiles/later.webp', joinedAt: new Date(Date.now() + 120_000).toISOString() });
    expect(await cachedHighlights(deps, cache)).toEqual(first);
    expect((await readHighlights(deps)).figures.advisors).toBe(first.figures.advisors + 1);
    const response = await get('/directory/highlights');
    expect(response.status).toBe(200);
    expect(Object.keys(await bodyOf(response)).sort()).toEqual(['advisors', 'figures', 'generatedAt', 'posts']);
  });
});
