import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { profileViews } from '../db/schema';

type Member = Awaited<ReturnType<typeof signedInMember>>;
let sequence = 0;
const member = (overrides: Parameters<typeof signedInMember>[0] = {}) => signedInMember({ lastName: `Viewer ${crypto.randomUUID().slice(0, 6)} ${++sequence}`, ...overrides });
const members = (count: number) => Promise.all(Array.from({ length: count }, () => member()));

const open = (profile: Member, viewer?: Member) => get(`/founder/profile?slug=${profile.founder!.slug}`, { token: viewer?.jwt });
const viewsOf = async (owner: Member, query = '') => bodyOf(await get(`/profile/views${query}`, { token: owner.jwt }));
const rowsOf = (owner: Member) => db(env).select().from(profileViews).where(eq(profileViews.viewedId, owner.user.id));

/** A view stored straight in D1, `daysAgo` days back. */
async function pastView(viewer: Member, owner: Member, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await db(env)
    .insert(profileViews)
    .values({ viewerId: viewer.user.id, viewedId: owner.user.id, day: at.slice(0, 10), private: false, viewedAt: at });
}

describe('recording profile views', () => {
  it('records one view per viewer, profile and day', async () => {
    const [owner, viewer] = await members(2);
    await open(owner, viewer);
    await open(owner, viewer);
    const rows = await rowsOf(owner);
    expect(rows).toEqual([{ viewerId: viewer.user.id, viewedId: owner.user.id, day: new Date().toISOString().slice(0, 10), private: false, viewedAt: expect.any(String) }]);
  });

  it('never records a visitor or the member looking at their own profile', async () => {
    const owner = await member();
    await open(owner);
    await open(owner, owner);
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('does not record a look at a member one blocked', async () => {
    const [owner, viewer] = await members(2);
    await post(`/connection/block/${owner.user.id}`, undefined, { token: viewer.jwt });
    expect((await open(owner, viewer)).status).toBe(200);
    expect(await rowsOf(owner)).toEqual([]);
  });
});

describe('GET /profile/views', () => {
  it('shows a premium member every viewer of the last 90 days, newest first', async () => {
    const owner = await member({ roleType: 'premium' });
    const viewers = await members(5);
    for (const [index, viewer] of viewers.entries()) await pastView(viewer, owner, 10 - index);
    const body = await viewsOf(owner);
    expect(body).toMatchObject({ total: 5, locked: 0, premium: true });
    expect(body.data.map((view: { member: { _id: string } }) => view.member._id)).toEqual(viewers.map((viewer) => viewer.user.id).reverse());
    expect(body.data[0]).toEqual({
      member: expect.objectContaining({ name: expect.stringContaining('Grace'), slug: viewers[4]!.founder!.slug }),
      viewedAt: expect.any(String),
      private: false,
    });
  });

  it('counts the premium flag of a founder as premium too', async () => {
    expect(await viewsOf(await member({ premium: true }))).toMatchObject({ premium: true });
  });

  it('shows a free member the total and the 3 most recent viewers, the rest locked', async () => {
    const owner = await member();
    const viewers = await members(5);
    for (const [index, viewer] of viewers.entries()) await pastView(viewer, owner, 10 - index);
    const body = await viewsOf(owner);
    expect(body).toMatchObject({ total: 5, locked: 2, premium: false });
    expect(body.data.map((view: { member: { _id: string } }) => view.member._id)).toEqual(
      viewers
        .slice(2)
        .map((viewer) => viewer.user.id)
        .reverse(),
    );
  });

  it('counts a private viewer without naming them', async () => {
    const [owner, viewer] = await members(2);
    expect(await bodyOf(await call('PATCH', '/profile/privacy', { privateBrowsing: true }, { token: viewer.jwt }))).toEqual({
      searchIndexing: true,
      privateBrowsing: true,
      phone: null,
    });
    await open(owner, viewer);
    const body = await viewsOf(owner);
    expect(body).toMatchObject({ total: 1, locked: 0 });
    expect(body.data).toEqual([{ member: null, viewedAt: expect.any(String), private: true }]);
    expect(JSON.stringify(body)).not.toContain(viewer.user.id);
  });

  it('leaves out views older than 90 days and viewers on either side of a block', async () => {
    const owner = await member({ roleType: 'premium' });
    const [old, blocked, recent] = await members(3);
    await pastView(old!, owner, 91);
    await pastView(blocked!, owner, 2);
    await pastView(recent!, owner, 89);
    await post(`/connection/block/${blocked!.user.id}`, undefined, { token: owner.jwt });
    const body = await viewsOf(owner);
    expect(body.total).toBe(1);
    expect(body.data.map((view: { member: { _id: string } }) => view.member._id)).toEqual([recent!.user.id]);
  });

  it('takes a limit, refuses a bad one and asks for a session', async () => {
    const owner = await member({ roleType: 'premium' });
    for (const viewer of await members(3)) await pastView(viewer, owner, 1);
    expect((await viewsOf(owner, '?limit=2')).data).toHaveLength(2);
    expect((await bodyOf(await get('/profile/views?limit=0', { token: owner.jwt }))).data.fields).toEqual({ limit: 'must be at least 1' });
    expect((await get('/profile/views')).status).toBe(401);
  });
});

describe('GET /profile/viewed', () => {
  it('lists whom the member viewed, one row per member at their latest view, newest first', async () => {
    const viewer = await member();
    const [first, second] = await members(2);
    await pastView(viewer, first!, 5);
    await pastView(viewer, second!, 3);
    await pastView(viewer, first!, 1);
    await pastView(viewer, second!, 95);
    const body = await bodyOf(await get('/profile/viewed', { token: viewer.jwt }));
    expect(body.total).toBe(2);
    expect(body.data.map((row: { member: { _id: string } }) => row.member._id)).toEqual([first!.user.id, second!.user.id]);
    expect(body.data[0].viewedAt.slice(0, 10)).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    expect((await get('/profile/viewed')).status).toBe(401);
  });
});

describe('GET and PATCH /profile/privacy', () => {
  it('answers the choices and changes only those given', async () => {
    const ada = await member();
    expect(await bodyOf(await get('/profile/privacy', { token: ada.jwt }))).toEqual({ searchIndexing: true, privateBrowsing: false, phone: null });
    expect(await bodyOf(await call('PATCH', '/profile/privacy', { searchIndexing: false }, { token: ada.jwt }))).toEqual({
      searchIndexing: false,
      privateBrowsing: false,
      phone: null,
    });
    expect(await bodyOf(await call('PATCH', '/profile/privacy', {}, { token: ada.jwt }))).toEqual({ searchIndexing: false, privateBrowsing: false, phone: null });
    expect(await bodyOf(await get('/profile/privacy', { token: ada.jwt }))).toEqual({ searchIndexing: false, privateBrowsing: false, phone: null });
    expect((await bodyOf(await get(`/founder/profile?slug=${ada.founder!.slug}`))).searchIndexing).toBe(false);
  });

  it('names a bad or unknown field, and asks for a session', async () => {
    const ada = await member();
    expect((await bodyOf(await call('PATCH', '/profile/privacy', { privateBrowsing: 'yes' }, { token: ada.jwt }))).data.fields).toEqual({
      privateBrowsing: 'must be true or false',
    });
    expect((await bodyOf(await call('PATCH', '/profile/privacy', { public: true }, { token: ada.jwt }))).data.fields).toEqual({ body: 'has unknown fields: public' });
    expect((await call('PATCH', '/profile/privacy', { searchIndexing: true })).status).toBe(401);
    expect((await get('/profile/privacy')).status).toBe(401);
  });
});
