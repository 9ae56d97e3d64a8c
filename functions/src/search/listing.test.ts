/**
 * Searches without filters, or with broad ones, read the listing indexes instead of
 * sorting: these tests own their file's database (each test file has its own), so the
 * whole listing is known and its order, pages and totals can be checked exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, post, type signedInMember } from '../../test/api';
import { advisorWith, daysAgo, founderWith, idsOf } from './test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let viewer: Member;
let blocked: Member;
let founders: Member[];
let advisors: Member[];

beforeAll(async () => {
  // Display order: pictures first, then newest. Names say where each one belongs.
  const withPicture = (days: number, remote = false) => founderWith({ joinedAt: daysAgo(days), profilePictureUrl: `/media/avatars/f${days}.webp`, openToRemote: remote });
  const pictured = [await withPicture(5, true), await withPicture(10), await withPicture(20, true)];
  const plain = [await founderWith({ joinedAt: daysAgo(1), openToRemote: true }), await founderWith({ joinedAt: daysAgo(15) })];
  founders = [...pictured, ...plain];
  advisors = [
    await advisorWith({ joinedAt: daysAgo(7), profilePictureUrl: '/media/avatars/a7.webp', openToRemote: true }),
    await advisorWith({ joinedAt: daysAgo(2), openToRemote: false }),
  ];
  await founderWith({ joinedAt: daysAgo(3), onboarded: false, profilePictureUrl: '/media/avatars/x.webp' });
  blocked = await founderWith({ joinedAt: daysAgo(4), profilePictureUrl: '/media/avatars/b.webp' });
  viewer = await advisorWith({ joinedAt: daysAgo(400) });
  await post(`/connection/block/${blocked.user.id}`, undefined, { token: viewer.jwt });
});

async function search(path: string) {
  const response = await get(path, { token: viewer.jwt });
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

const ids = (members: Member[]) => members.map((member) => member.user.id);

describe('a search along the listing', () => {
  it('lists every onboarded founder, pictures first then newest, leaving out blocked members', async () => {
    const result = await search('/founder/search');
    expect(idsOf(result)).toEqual(ids(founders));
    expect(result).toMatchObject({ total: 5, page: 1, limit: 20, pages: 1 });
  });

  it('pages the listing with the total', async () => {
    expect(await search('/founder/search?limit=2&page=2')).toMatchObject({ total: 5, pages: 3, data: [{ _id: founders[2]!.user.id }, { _id: founders[3]!.user.id }] });
    expect(await search('/founder/search?limit=2&page=4')).toEqual({ data: [], total: 5, page: 4, limit: 2, pages: 3, capped: false });
  });

  it('merges founders and advisors into one order, leaving out the viewer', async () => {
    const [f5, f10, f20, f1, f15] = founders;
    const [a7, a2] = advisors;
    const result = await search('/profiles/search?_limit=20');
    expect(idsOf(result)).toEqual(ids([f5!, a7!, f10!, f20!, f1!, a2!, f15!]));
    expect(result.total).toBe(7);
    expect(idsOf(await search('/profiles/search?_limit=3&_page=2'))).toEqual(ids([f20!, f1!, a2!]));
  });

  it('checks broad filters on each member it reads, and counts them', async () => {
    const [f5, , f20, f1] = founders;
    const [a7] = advisors;
    const remote = await search('/profiles/search?remote=true');
    expect(idsOf(remote)).toEqual(ids([f5!, a7!, f20!, f1!]));
    expect(remote.total).toBe(4);
    expect(await search('/founder/search?remote=true&limit=1&page=3')).toMatchObject({ total: 3, data: [{ _id: f1!.user.id }] });
    expect(await search('/advisor/search?remote=true')).toEqual(expect.objectContaining({ total: 1, data: [expect.objectContaining({ _id: a7!.user.id })] }));
  });

  it('finds no one when filters of the two member types are combined', async () => {
    expect(await search('/profiles/search?skills=engineering&expertise=fundraising')).toMatchObject({ total: 0, data: [] });
  });
});
