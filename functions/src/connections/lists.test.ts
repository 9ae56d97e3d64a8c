import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { put, requestId } from '../../test/connections';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A member with: 3 connections, 2 received requests, 1 sent, 1 ignored by them, 1 withdrawn by them. */
async function busyMember() {
  const me = await signedInMember({ firstName: 'Busy' });
  const others: Member[] = await Promise.all(Array.from({ length: 8 }, (_, i) => signedInMember({ firstName: `Other${i}` })));
  const [c1, c2, c3, r1, r2, s1, ig, wd] = others as [Member, Member, Member, Member, Member, Member, Member, Member];
  // Connections: two asked by me, one by them; accepted in the order c1, c2, c3.
  for (const other of [c1, c2]) await put(`/connection/accepted/${await requestId(me, other)}`, other.jwt);
  await put(`/connection/accepted/${await requestId(c3, me)}`, me.jwt);
  const received = [await requestId(r1, me), await requestId(r2, me)];
  const sent = await requestId(me, s1);
  const ignored = await requestId(ig, me);
  await put(`/connection/ignored/${ignored}`, me.jwt);
  const withdrawn = await requestId(me, wd);
  await put(`/connection/${withdrawn}`, me.jwt);
  return { me, c1, c2, c3, r1, r2, s1, ig, wd, received, sent, ignored, withdrawn };
}

const list = async (path: string, token: string) => bodyOf(await get(path, { token }));
const ids = (page: { data: { member: { _id: string } }[] }) => page.data.map((item) => item.member._id);

describe('GET /connection/status', () => {
  it('lists received requests, sent requests and connections, newest first, with paging totals', async () => {
    const { me, c1, c2, c3, r1, r2, s1, received } = await busyMember();

    const receivedPage = await list('/connection/status?_type=received', me.jwt);
    expect(receivedPage).toMatchObject({ total: 2, page: 1, limit: 10, pages: 1 });
    expect(ids(receivedPage)).toEqual([r2.user.id, r1.user.id]);
    expect(receivedPage.data[0]).toMatchObject({ _id: received[1], status: 'pending', direction: 'received' });

    const sentPage = await list('/connection/status?_type=sent&limit=10&page=1', me.jwt);
    expect(ids(sentPage)).toEqual([s1.user.id]);
    expect(sentPage.data[0]).toMatchObject({ status: 'pending', direction: 'sent' });

    const accepted = await list('/connection/status?_type=accepted', me.jwt);
    expect(accepted.total).toBe(3);
    expect(ids(accepted)).toEqual([c3.user.id, c2.user.id, c1.user.id]);
    expect(accepted.data.map((item: { direction: string }) => item.direction)).toEqual(['received', 'sent', 'sent']);
    expect(accepted.data.every((item: { status: string }) => item.status === 'accepted')).toBe(true);
  });

  it('pages through the connections in a stable order', async () => {
    const { me, c1, c2, c3 } = await busyMember();
    const pages = [1, 2, 3, 4].map((page) => list(`/connection/status?_type=accepted&limit=1&page=${page}`, me.jwt));
    const [p1, p2, p3, p4] = await Promise.all(pages);
    expect([p1, p2, p3].flatMap(ids)).toEqual([c3.user.id, c2.user.id, c1.user.id]);
    expect(p1).toMatchObject({ total: 3, page: 1, limit: 1, pages: 3 });
    expect(p4).toMatchObject({ data: [], total: 3, page: 4, pages: 3 });
  });

  it('answers an empty page for a member with nothing yet', async () => {
    const loner = await signedInMember();
    expect(await list('/connection/status?_type=accepted', loner.jwt)).toEqual({ data: [], total: 0, page: 1, limit: 10, pages: 0 });
  });

  it('refuses a bad _type, limit or page with a 400 naming it', async () => {
    const me = await signedInMember();
    const cases: [string, Record<string, string>][] = [
      ['_type=friends', { _type: 'must be one of: received, sent, accepted' }],
      ['', { _type: 'is required' }],
      ['_type=sent&limit=0', { limit: 'must be at least 1' }],
      ['_type=sent&limit=51', { limit: 'must be at most 50' }],
      ['_type=sent&limit=ten', { limit: 'must be a number' }],
      ['_type=sent&limit=2.5', { limit: 'must be a whole number' }],
      ['_type=sent&page=0', { page: 'must be at least 1' }],
    ];
    for (const [query, fields] of cases) {
      const response = await get(`/connection/status?${query}`, { token: me.jwt });
      expect(response.status, query).toBe(400);
      expect((await bodyOf(response)).data.fields, query).toEqual(fields);
    }
  });
});

describe('GET /connection/{status}', () => {
  it('lists connections, pending both ways, requests the viewer ignored, and the viewer’s withdrawn ones', async () => {
    const { me, c1, c2, c3, r1, r2, s1, ig, wd } = await busyMember();
    expect(ids(await list('/connection/accepted', me.jwt))).toEqual([c3.user.id, c2.user.id, c1.user.id]);
    const pending = await list('/connection/pending', me.jwt);
    expect(new Set(ids(pending))).toEqual(new Set([r1.user.id, r2.user.id, s1.user.id]));
    expect(pending.total).toBe(3);
    expect(await list('/connection/ignored', me.jwt)).toMatchObject({ total: 1, data: [{ status: 'ignored', direction: 'received', member: { _id: ig.user.id } }] });
    expect(await list('/connection/withdrawn', me.jwt)).toMatchObject({ total: 1, data: [{ status: 'withdrawn', direction: 'sent', member: { _id: wd.user.id } }] });
    // The other side of those rows: the withdrawn request is nowhere for its receiver.
    expect((await list('/connection/withdrawn', wd.jwt)).total).toBe(0);
    expect((await list('/connection/pending', wd.jwt)).total).toBe(0);
  });

  it('honours limit and page, and refuses an unknown status', async () => {
    const { me } = await busyMember();
    expect(await list('/connection/accepted?limit=2&page=2', me.jwt)).toMatchObject({ total: 3, page: 2, limit: 2, pages: 2, data: [expect.any(Object)] });
    const response = await get('/connection/removed', { token: me.jwt });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ idOrStatus: 'must be one of: accepted, pending, ignored, withdrawn' });
    expect((await get('/connection/accepted?limit=100', { token: me.jwt })).status).toBe(400);
  });
});

describe('GET /connection/count', () => {
  it('counts received, sent (ignored ones included), accepted and blocked', async () => {
    const { me, ig, r1 } = await busyMember();
    expect(await list('/connection/count', me.jwt)).toEqual({ received: 2, sent: 1, accepted: 3, blocked: 0 });
    // The member whose request `me` ignored still counts it as sent.
    expect(await list('/connection/count', ig.jwt)).toEqual({ received: 0, sent: 1, accepted: 0, blocked: 0 });
    await post(`/connection/block/${r1.user.id}`, undefined, { token: me.jwt });
    expect(await list('/connection/count', me.jwt)).toEqual({ received: 1, sent: 1, accepted: 3, blocked: 1 });
  });
});
