import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, post, type signedInMember } from '../../test/api';
import { advisorWith, founderWith, idsOf } from '../search/test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let cityIds = 930_000_000;

/** Where `member` shows up for `viewer` (and for visitors: the sitemap and the public page). */
async function visibility(member: Member, viewer: Member) {
  const name = member.founder!.lastName;
  const slug = member.founder!.slug;
  const ids = async (path: string) => idsOf(await bodyOf(await get(path, { token: viewer.jwt })));
  return {
    searchByName: (await ids(`/founder/search?q=${encodeURIComponent(name)}`)).includes(member.user.id),
    searchByCity: (await ids(`/profiles/search?city=${member.founder!.cityId}`)).includes(member.user.id),
    mentions: (await ids(`/founder/tagging-profiles?query=${encodeURIComponent(name)}`)).includes(member.user.id),
    suggestions: (await ids('/connection/you-might-like?limit=50')).includes(member.user.id),
    matching: (await ids('/profiles/recommend-search?limit=50')).includes(member.user.id),
    sitemap: JSON.stringify(await bodyOf(await get('/profiles/sitemap'))).includes(`"${slug}"`),
    pageForVisitors: (await get(`/founder/profile?slug=${slug}`)).status,
    pageForMembers: (await get(`/founder/profile?slug=${slug}`, { token: viewer.jwt })).status,
    pageForThemself: (await get(`/founder/profile?slug=${slug}`, { token: member.jwt })).status,
  };
}

const everywhere = {
  searchByName: true,
  searchByCity: true,
  mentions: true,
  suggestions: true,
  matching: true,
  sitemap: true,
  pageForVisitors: 200,
  pageForMembers: 200,
  pageForThemself: 200,
};

describe('a member whose deletion is pending', () => {
  it('leaves search, mentions, suggestions, matching, the sitemap and their public page until they withdraw', async () => {
    const place = { cityId: ++cityIds, cityName: 'Lagos, Nigeria' };
    const shared = { commitment: 'full-time' as const, industries: ['fintech'], lookingForCofounder: true, ...place };
    const viewer = await founderWith({ isTechnical: true, skills: ['engineering'], ideaStage: 'prototype', ...shared });
    const member = await founderWith({ isTechnical: false, skills: ['sales-marketing'], ideaStage: 'no-idea', ...shared });
    // An advisor in the same city keeps the city search non-empty.
    await advisorWith({ expertise: ['fundraising'], industries: ['fintech'], ...place });
    expect(await visibility(member, viewer)).toEqual(everywhere);

    expect((await post('/auth/profile-delete', {}, { token: member.jwt })).status).toBe(201);
    expect(await visibility(member, viewer)).toEqual({
      searchByName: false,
      searchByCity: false,
      mentions: false,
      suggestions: false,
      matching: false,
      sitemap: false,
      pageForVisitors: 404,
      pageForMembers: 404,
      pageForThemself: 200,
    });

    expect((await call('PATCH', '/auth/profile-delete', { status: 'withdrawn' }, { token: member.jwt })).status).toBe(200);
    expect(await visibility(member, viewer)).toEqual(everywhere);
  });
});
