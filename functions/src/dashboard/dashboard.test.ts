import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post } from '../../test/api';
import { block, connectTo, put, requestId, someMembers } from '../../test/connections';
import { newPost } from '../../test/posts';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { sendText } from '../inbox/test-inbox';
import { recordView } from '../profiles/views';
import type { Dashboard } from './schemas';
import { postsStatement } from './statements';
import { founderWith } from '../search/test-profiles';

type Member = Awaited<ReturnType<typeof someMembers>>[number];

const database = db(env);
const dashboardOf = async (member: Member): Promise<Dashboard> => {
  const response = await get('/dashboard', { token: member.jwt });
  expect(response.status).toBe(200);
  return bodyOf(response);
};
const idsOf = (rows: Array<{ member: { _id: string } | null }>) => rows.map((row) => row.member?._id ?? null);

async function connect(a: Member, b: Member): Promise<void> {
  const id = await requestId(a, b);
  expect((await put(`/connection/accepted/${id}`, b.jwt)).status).toBe(200);
}

/** A view recorded as if made `daysAgo` days back (both members' objects). */
async function pastView(viewer: Member, owner: Member, daysAgo: number, privateBrowsing = false) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await recordView({ clock: fixedClock(at), profileViews: buildDeps(env).profileViews }, { id: viewer.user.id, privateBrowsing }, owner.user.id);
}

async function requestDeletion(member: Member): Promise<void> {
  const now = new Date().toISOString();
  await database.run(sql`INSERT INTO deletion_requests (id, user_id, status, created_at, due_at) VALUES (${crypto.randomUUID()}, ${member.user.id}, 'pending', ${now}, ${now})`);
}

describe('GET /dashboard', () => {
  it('is for members only', async () => {
    expect((await get('/dashboard')).status).toBe(401);
  });

  it('shows a new member empty cards and the one next step of their profile', async () => {
    const [member] = await someMembers(1);
    const dashboard = await dashboardOf(member!);
    expect(dashboard).toMatchObject({
      requests: { total: 0, data: [] },
      messages: { total: 0, data: [] },
      sessions: { total: 0, toApprove: 0, data: [] },
      views: { total: 0, locked: 0, premium: false, data: [] },
      introductions: { interested: 0, locked: 0, people: [], matches: 0, data: [] },
      posts: { data: [] },
    });
    expect(dashboard.profile.next).toEqual({ field: 'profilePicture', label: 'Add a profile photo', hint: expect.any(String), href: '/settings/profile#pf-section-photos' });
  });

  it('asks a member who has not finished onboarding to finish it', async () => {
    const [member] = await someMembers(1, { onboarded: false });
    expect((await dashboardOf(member!)).profile).toEqual({ percent: 0, next: expect.objectContaining({ field: 'onboarding', href: '/onboarding' }) });
  });

  it('lists the requests received, newest first, three of them with the total, and drops one once answered', async () => {
    const [me, ...others] = await someMembers(5);
    const ids: string[] = [];
    for (const other of others) ids.push(await requestId(other, me!));
    const { requests } = await dashboardOf(me!);
    expect(requests.total).toBe(4);
    expect(requests.data.map((row) => row._id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(requests.data[0]!.member).toMatchObject({ _id: others[3]!.user.id, name: expect.any(String) });
    expect((await put(`/connection/accepted/${ids[3]}`, me!.jwt)).status).toBe(200);
    expect((await dashboardOf(me!)).requests.total).toBe(3);
  });

  it('lists threads with unread messages and a preview of the latest', async () => {
    const [me, friend] = await someMembers(2);
    await connect(friend!, me!);
    await sendText(friend!, me!, 'First message');
    await sendText(friend!, me!, 'Are you free   on\nThursday for a call about the seed round?');
    const { messages } = await dashboardOf(me!);
    expect(messages.total).toBe(1);
    expect(messages.data).toEqual([
      {
        _id: expect.any(String),
        member: expect.objectContaining({ _id: friend!.user.id }),
        unreadCount: 2,
        preview: 'Are you free on Thursday for a call about the seed round?',
        updatedAt: expect.any(String),
      },
    ]);
    expect((await dashboardOf(friend!)).messages.total).toBe(0);
  });

  it('lists upcoming sessions on both sides and counts the requests waiting for the host', async () => {
    const [host, guest] = await someMembers(2, { memberType: 'advisor' });
    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
    const hours = { timeZone: 'UTC', weeklyHours: week, sessionLengths: [30], bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, weeklyCap: null };
    const rules = { ...hours, daysOff: [], topics: ['Hiring'], meetingLink: null, needsApproval: true, published: true };
    expect((await call('PUT', '/office-hours', rules, { token: host!.jwt })).status).toBe(200);
    const slots = await bodyOf(await get(`/office-hours/${host!.user.id}/slots`, { token: guest!.jwt }));
    const booked = await post(`/office-hours/${host!.user.id}/sessions`, { start: slots.slots[2].start, length: 30, topic: 'Hiring', timeZone: 'UTC' }, { token: guest!.jwt });
    expect(booked.status).toBe(201);
    const asHost = (await dashboardOf(host!)).sessions;
    expect(asHost).toMatchObject({ total: 1, toApprove: 1, data: [{ role: 'host', status: 'requested', topic: 'Hiring', member: { _id: guest!.user.id } }] });
    const asGuest = (await dashboardOf(guest!)).sessions;
    expect(asGuest).toMatchObject({ total: 1, toApprove: 0, data: [{ role: 'guest', start: slots.slots[2].start, member: { _id: host!.user.id } }] });
  });

  it('shows a free member the three most recent viewers and counts the rest as locked; Premium sees them all', async () => {
    const [free] = await someMembers(1);
    const [premium] = await someMembers(1, { roleType: 'premium' });
    const viewers = await someMembers(5);
    for (const [index, viewer] of viewers.entries()) {
      await pastView(viewer, free!, 5 - index, index === 4);
      await pastView(viewer, premium!, 5 - index);
    }
    const views = (await dashboardOf(free!)).views;
    expect(views).toMatchObject({ total: 5, locked: 2, premium: false });
    expect(idsOf(views.data)).toEqual([null, viewers[3]!.user.id, viewers[2]!.user.id]);
    expect(views.data[0]).toMatchObject({ private: true, member: null });
    const premiumViews = (await dashboardOf(premium!)).views;
    expect(premiumViews).toMatchObject({ total: 5, locked: 0, premium: true });
    expect(idsOf(premiumViews.data)).toEqual([viewers[4]!.user.id, viewers[3]!.user.id, viewers[2]!.user.id]);
  });

  it('lists the recent posts of connections only, newest first, as a plain excerpt', async () => {
    const [me, friend, stranger, oldFriend] = await someMembers(4);
    await connect(me!, friend!);
    await connect(oldFriend!, me!);
    const old = await newPost(oldFriend!, { text: 'An old post' });
    await database.run(sql`UPDATE feed_posts SET created_at = ${new Date(Date.now() - 30 * 86_400_000).toISOString()} WHERE id = ${old._id}`);
    await newPost(stranger!, { text: 'Not a connection' });
    const first = await newPost(friend!, { text: 'We shipped the beta' });
    const second = await newPost(friend!, { text: `Hiring a designer ${'long '.repeat(60)}` });
    const { posts } = await dashboardOf(me!);
    expect(posts.data.map((row) => row._id)).toEqual([second._id, first._id]);
    expect(posts.data[1]).toMatchObject({ slug: first.slug, excerpt: 'We shipped the beta', author: { _id: friend!.user.id } });
    expect(posts.data[0]!.excerpt.length).toBeLessThanOrEqual(161);
    expect(posts.data[0]!.excerpt.endsWith('…')).toBe(true);
  });

  it('reads the member cards of the few posts shown, not of every recent post of a connection', async () => {
    const [me, friend] = await someMembers(2);
    await connect(me!, friend!);
    const post = await newPost(friend!, { text: 'One of many' });
    const columns = (await database.all<{ name: string }>(sql`SELECT name FROM pragma_table_info('feed_posts')`)).map((row) => row.name);
    const copied = columns.map((name) => (name === 'id' || name === 'slug' ? `${name} || '-' || n.i` : name)).join(', ');
    await database.run(
      sql`INSERT INTO feed_posts (${sql.raw(columns.join(', '))}) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80) SELECT ${sql.raw(copied)} FROM feed_posts, n WHERE feed_posts.id = ${post._id}`,
    );
    const query = new SQLiteSyncDialect().sqlToQuery(postsStatement(me!.user.id, Date.now()));
    const result = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    expect(result.results).toHaveLength(3);
    // The friend's 81 posts are read once each (index and row); cards only for the three shown.
    expect(result.meta.rows_read).toBeLessThan(2 * 81 + 30);
  });

  it('leaves out members blocked either way from every card', async () => {
    const [me, other] = await someMembers(2);
    await connect(me!, other!);
    await sendText(other!, me!, 'Hello');
    await newPost(other!, { text: 'A post' });
    await pastView(other!, me!, 1);
    const before = await dashboardOf(me!);
    expect([before.messages.total, before.posts.data.length, before.views.total]).toEqual([1, 1, 1]);
    expect((await block(other!, me!)).status).toBeLessThan(300);
    const after = await dashboardOf(me!);
    expect(after.messages).toEqual({ total: 0, data: [] });
    expect(after.posts.data).toEqual([]);
    expect(after.views).toMatchObject({ total: 0, data: [] });
  });

  it('leaves out members whose account deletion is pending', async () => {
    const [me, leaving, asking] = await someMembers(3);
    await connect(me!, leaving!);
    await sendText(leaving!, me!, 'Goodbye soon');
    await newPost(leaving!, { text: 'Leaving' });
    await pastView(leaving!, me!, 1);
    expect((await connectTo(asking!, me!)).status).toBe(201);
    await requestDeletion(leaving!);
    await requestDeletion(asking!);
    const dashboard = await dashboardOf(me!);
    expect(dashboard.requests).toEqual({ total: 0, data: [] });
    expect(dashboard.messages).toEqual({ total: 0, data: [] });
    expect(dashboard.posts.data).toEqual([]);
    expect(dashboard.views.data).toEqual([]);
  });

  it('counts who is interested in the member (the people for Premium only) and lists their matches', async () => {
    const place = { cityId: 931_000_001, cityName: 'Porto, Portugal', lookingForCofounder: true, commitment: 'full-time' as const, industries: ['climate' as const] };
    const [ines, tomas] = await Promise.all([
      founderWith({ firstName: 'Ines', isTechnical: true, skills: ['engineering'], ...place }),
      founderWith({ firstName: 'Tomas', isTechnical: false, skills: ['sales-marketing'], ...place }),
    ]);
    const interested = (from: typeof ines, to: typeof ines) => post('/matching/intents', { candidateId: to.user.id, kind: 'interested' }, { token: from.jwt });
    expect((await interested(ines, tomas)).status).toBe(201);

    // Free: how many, not who.
    expect((await dashboardOf(tomas)).introductions).toEqual({ interested: 1, locked: 1, people: [], matches: 0, data: [] });
    await database.run(sql`UPDATE users SET role_type = 'premium' WHERE id = ${tomas.user.id}`);
    const premium = (await dashboardOf(tomas)).introductions;
    expect(premium).toMatchObject({ interested: 1, locked: 0, matches: 0 });
    expect(premium.people.map((row) => row.member._id)).toEqual([ines.user.id]);

    // Both said Interested: a match on both sides, and nobody waits any more.
    expect((await interested(tomas, ines)).status).toBe(201);
    for (const [member, other] of [
      [tomas, ines],
      [ines, tomas],
    ] as const) {
      const { introductions } = await dashboardOf(member);
      expect(introductions).toMatchObject({ interested: 0, matches: 1, people: [] });
      expect(introductions.data.map((row) => row.member._id)).toEqual([other.user.id]);
    }
  });
});
