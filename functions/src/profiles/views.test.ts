import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, signedInMember } from '../../test/api';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import type { ProfileViewStores } from '../ports/profile-views';
import { eraseProfileViews, recordView } from './views';

type Member = Awaited<ReturnType<typeof signedInMember>>;
let sequence = 0;
const member = (overrides: Parameters<typeof signedInMember>[0] = {}) => signedInMember({ lastName: `Viewer ${crypto.randomUUID().slice(0, 6)} ${++sequence}`, ...overrides });
const members = (count: number) => Promise.all(Array.from({ length: count }, () => member()));

const open = (profile: Member, viewer?: Member) => get(`/founder/profile?slug=${profile.founder!.slug}`, { token: viewer?.jwt });
const viewsOf = async (owner: Member, query = '') => bodyOf(await get(`/profile/views${query}`, { token: owner.jwt }));
const stores = () => buildDeps(env).profileViews;
/** The views of the owner's profile, read from the owner's object, in the shape the D1 rows had. */
const rowsOf = async (owner: Member) =>
  (await stores().of(owner.user.id).all())
    .filter((row) => row.side === 'viewers')
    .map((row) => ({ viewerId: row.member_id, viewedId: owner.user.id, day: row.day, private: row.private === 1, viewedAt: row.viewed_at }));

/** A view recorded as if made `daysAgo` days back (both members' objects). */
async function pastView(viewer: Member, owner: Member, daysAgo: number, privateBrowsing = false) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await recordView({ clock: fixedClock(at), profileViews: stores() }, { id: viewer.user.id, privateBrowsing }, owner.user.id);
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

  it('records no view for a prefetch, told by either header, and one for the visit after it', async () => {
    const [owner, viewer] = await members(2);
    const slug = owner.founder!.slug;
    const prefetches: Record<string, string>[] = [{ 'Sec-Purpose': 'prefetch' }, { 'Sec-Purpose': 'prefetch;prerender' }, { Purpose: 'prefetch' }];
    for (const headers of prefetches) {
      expect((await get(`/founder/profile?slug=${slug}`, { token: viewer.jwt, headers })).status).toBe(200);
    }
    expect(await rowsOf(owner)).toEqual([]);
    await open(owner, viewer);
    expect((await rowsOf(owner)).map((row) => row.viewerId)).toEqual([viewer.user.id]);
  });

  it('does not record a look at a member one blocked', async () => {
    const [owner, viewer] = await members(2);
    await post(`/connection/block/${owner.user.id}`, undefined, { token: viewer.jwt });
    expect((await open(owner, viewer)).status).toBe(200);
    expect(await rowsOf(owner)).toEqual([]);
  });
});

describe("the members' profile-view objects", () => {
  const HOUR = 3_600_000;
  const today = (hour: number) => {
    const at = new Date();
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  const record = (viewer: Member, owner: Member, at: Date, privateBrowsing = false) =>
    recordView({ clock: fixedClock(at), profileViews: stores() }, { id: viewer.user.id, privateBrowsing }, owner.user.id);

  it('keeps a view on both sides: who viewed the owner, and whom the viewer viewed', async () => {
    const [owner, viewer] = await members(2);
    await open(owner, viewer);
    const day = new Date().toISOString().slice(0, 10);
    expect(await stores().of(owner.user.id).all()).toEqual([{ side: 'viewers', member_id: viewer.user.id, day, private: 0, viewed_at: expect.any(String) }]);
    expect(await stores().of(viewer.user.id).all()).toEqual([{ side: 'viewed', member_id: owner.user.id, day, private: 0, viewed_at: expect.any(String) }]);
  });

  it('upserts one row per member and UTC day: the later time wins, a private view sticks', async () => {
    const [owner, viewer] = await members(2);
    await record(viewer, owner, today(3), true);
    await record(viewer, owner, today(9));
    // An older view arriving late does not move the time back.
    await record(viewer, owner, today(5));
    await record(viewer, owner, new Date(today(9).getTime() - 24 * HOUR));
    for (const [box, side] of [
      [stores().of(owner.user.id), 'viewers'],
      [stores().of(viewer.user.id), 'viewed'],
    ] as const) {
      const rows = await box.all();
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ side, day: today(9).toISOString().slice(0, 10), private: 1, viewed_at: today(9).toISOString() });
      expect(rows[0]).toMatchObject({ side, private: 0 });
    }
    // The owner sees one private view today and yesterday's named one.
    const body = await viewsOf(owner);
    expect(body.total).toBe(2);
    expect(body.data[0]).toEqual({ member: null, viewedAt: today(9).toISOString(), private: true });
  });

  it('counts the views since a moment for the digest, private ones too', async () => {
    const [owner, named, hidden] = await members(3);
    await record(named!, owner, new Date(Date.now() - 2 * HOUR));
    await record(hidden!, owner, new Date(Date.now() - HOUR), true);
    await record(owner, named!, new Date(Date.now() - HOUR));
    const box = stores().of(owner.user.id);
    expect(await box.countSince(new Date(Date.now() - 3 * HOUR).toISOString())).toBe(2);
    expect(await box.countSince(new Date(Date.now() - 90 * 60_000).toISOString())).toBe(1);
  });

  it('erases a member from every object on the other side, and finishes on a second run after a failure', async () => {
    const [gone, viewer, viewed, other] = await members(4);
    await record(viewer!, gone!, new Date(Date.now() - HOUR));
    await record(gone!, viewed!, new Date(Date.now() - HOUR));
    await record(other!, viewed!, new Date(Date.now() - HOUR));
    // The viewed member's object is down for the first run.
    const failing: ProfileViewStores = {
      of: (userId) => (userId === viewed!.user.id ? { ...stores().of(userId), forget: () => Promise.reject(new Error('object down')) } : stores().of(userId)),
    };
    await expect(eraseProfileViews({ profileViews: failing }, gone!.user.id)).rejects.toThrow('object down');
    expect(await stores().of(gone!.user.id).all()).toHaveLength(2);
    await eraseProfileViews({ profileViews: stores() }, gone!.user.id);
    expect(await stores().of(gone!.user.id).all()).toEqual([]);
    expect(await stores().of(viewer!.user.id).all()).toEqual([]);
    // The viewed member keeps the other viewer's view only.
    expect((await stores().of(viewed!.user.id).all()).map((row) => row.member_id)).toEqual([other!.user.id]);
  });

  it('loads rows in bulk through the development route, and names a bad field', async () => {
    const [owner, viewer] = await members(2);
    const at = new Date(Date.now() - 2 * HOUR).toISOString();
    const rows = [
      { userId: owner.user.id, side: 'viewers', memberId: viewer.user.id, private: false, viewedAt: at },
      { userId: viewer.user.id, side: 'viewed', memberId: owner.user.id, private: false, viewedAt: at },
    ];
    expect(await bodyOf(await post('/dev/profile-views/import', { rows }))).toEqual({ imported: 2, members: 2 });
    expect((await viewsOf(owner)).data.map((view: { member: { _id: string } }) => view.member._id)).toEqual([viewer.user.id]);
    expect((await bodyOf(await get('/profile/viewed', { token: viewer.jwt }))).data.map((row: { member: { _id: string } }) => row.member._id)).toEqual([owner.user.id]);
    const bad = await post('/dev/profile-views/import', { rows: [{ ...rows[0], side: 'sideways' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['rows.0.side']);
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

  it('keeps a free member’s locked viewers locked when they block the ones shown', async () => {
    const owner = await member();
    const viewers = await members(4);
    // The oldest view first: the last three are the ones shown, the first one locked.
    for (const [index, viewer] of viewers.entries()) await pastView(viewer, owner, 10 - index);
    const [locked, ...shown] = viewers;
    expect(await viewsOf(owner)).toMatchObject({ total: 4, locked: 1, data: { length: 3 } });
    for (const viewer of shown) expect((await post(`/connection/block/${viewer.user.id}`, undefined, { token: owner.jwt })).status).toBe(200);
    const body = await viewsOf(owner);
    expect(body).toMatchObject({ total: 1, locked: 1, data: [], premium: false });
    expect(JSON.stringify(body)).not.toContain(locked!.user.id);
    // Blocking one shown viewer of four leaves two shown and the oldest still locked.
    const other = await member();
    const more = await members(4);
    for (const [index, viewer] of more.entries()) await pastView(viewer, other, 10 - index);
    await post(`/connection/block/${more[3]!.user.id}`, undefined, { token: other.jwt });
    const partly = await viewsOf(other);
    expect(partly).toMatchObject({ total: 3, locked: 1 });
    expect(partly.data.map((view: { member: { _id: string } }) => view.member._id)).toEqual([more[2]!.user.id, more[1]!.user.id]);
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
