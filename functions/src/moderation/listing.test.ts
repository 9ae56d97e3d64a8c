import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { advisorWith, founderWith, idsOf } from '../search/test-profiles';

type Member = Awaited<ReturnType<typeof founderWith>>;

let cityIds = 940_000_000;

/** Where other members can see `member` (as `viewer` sees it, or as a visitor for the page). */
async function visibility(member: Member, viewer: Member) {
  const name = member.founder!.lastName;
  const slug = member.founder!.slug;
  const ids = async (path: string) => idsOf(await bodyOf(await get(path, { token: viewer.jwt })));
  return {
    searchByName: (await ids(`/founder/search?q=${encodeURIComponent(name)}`)).includes(member.user.id),
    mentions: (await ids(`/founder/tagging-profiles?query=${encodeURIComponent(name)}`)).includes(member.user.id),
    suggestions: (await ids('/connection/you-might-like?limit=50')).includes(member.user.id),
    matching: (await ids('/profiles/recommend-search?limit=50')).includes(member.user.id),
    sitemap: JSON.stringify(await bodyOf(await get('/profiles/sitemap'))).includes(`"${slug}"`),
    pageForVisitors: (await get(`/founder/profile?slug=${slug}`)).status,
  };
}

const everywhere = { searchByName: true, mentions: true, suggestions: true, matching: true, sitemap: true, pageForVisitors: 200 };

describe('a suspended member', () => {
  it('leaves search, mentions, suggestions, matching, the sitemap and their public page until unsuspended', async () => {
    const admin = await signedInMember({ userRole: 'admin' });
    const place = { cityId: ++cityIds, cityName: 'Lisbon, Portugal' };
    const shared = { commitment: 'full-time' as const, industries: ['fintech'], lookingForCofounder: true, ...place };
    const viewer = await founderWith({ isTechnical: true, skills: ['engineering'], ideaStage: 'prototype', ...shared });
    const member = await founderWith({ isTechnical: false, skills: ['sales-marketing'], ideaStage: 'no-idea', ...shared });
    await advisorWith({ expertise: ['fundraising'], industries: ['fintech'], ...place });
    expect(await visibility(member, viewer)).toEqual(everywhere);

    const until = new Date(Date.now() + 86_400_000).toISOString();
    const suspended = await call('POST', `/admin/moderation/members/${member.user.id}/suspend`, { reason: 'Spam', until }, { token: admin.jwt });
    expect(suspended.status).toBe(200);
    expect(await visibility(member, viewer)).toEqual({ searchByName: false, mentions: false, suggestions: false, matching: false, sitemap: false, pageForVisitors: 404 });

    expect((await call('POST', `/admin/moderation/members/${member.user.id}/unsuspend`, {}, { token: admin.jwt })).status).toBe(200);
    expect(await visibility(member, viewer)).toEqual(everywhere);
  });
});
