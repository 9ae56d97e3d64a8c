import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { advisorWith, daysAgo, founderWith, idsOf } from './test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let cityIds = 910_000_000;
/** A city id no other test uses: filtering on it scopes a test to its own members. */
const newCity = () => ++cityIds;

async function page(viewer: Member, path: string) {
  const response = await get(path, { token: viewer.jwt });
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

describe('GET /advisor/search', () => {
  it('answers advisors with their expertise, industries and ways of helping, 21 a page by default', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const advisor = await advisorWith({
      name: 'Ngozi Adeyemi',
      position: 'Former CFO, Paystack',
      cityId: city,
      cityName: 'Lagos, Nigeria',
      expertise: ['fundraising', 'finance'],
      industries: ['fintech'],
      helpTypes: ['mentoring', 'investing'],
      openToRemote: true,
      engagements: ['one-off', 'monthly'],
      helpStages: ['idea', 'prototype'],
    });
    await founderWith({ cityId: city, industries: ['fintech'] });

    const result = await page(viewer, `/advisor/search?city=${city}`);
    expect(result).toMatchObject({ total: 1, page: 1, limit: 21, pages: 1 });
    expect(result.data).toEqual([
      expect.objectContaining({
        _id: advisor.user.id,
        memberType: 'advisor',
        name: 'Ngozi Adeyemi',
        tagline: 'Former CFO, Paystack',
        city: 'Lagos, Nigeria',
        skills: ['fundraising', 'finance'],
        industries: ['fintech'],
        helpTypes: ['mentoring', 'investing'],
        openToRemote: true,
        technical: null,
        commitment: null,
        lookingForCofounder: false,
        engagements: ['one-off', 'monthly'],
        helpStages: ['idea', 'prototype'],
        startupName: null,
        takesRoles: [],
        wantsRoles: [],
        fullTime: null,
        saved: false,
      }),
    ]);
  });

  it('combines expertise, industries, help and remote filters with the words of q', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const a = await advisorWith({ cityId: city, expertise: ['fundraising'], industries: ['climate'], helpTypes: ['investing'], openToRemote: true, bio: 'Ex-founder, two exits.' });
    const b = await advisorWith({ cityId: city, expertise: ['pricing', 'sales'], industries: ['b2b-saas'], helpTypes: ['mentoring'], openToRemote: false });
    const c = await advisorWith({ cityId: city, expertise: ['fundraising', 'legal'], industries: ['b2b-saas'], helpTypes: ['advising', 'investing'], openToRemote: true });

    const found = async (query: string) => new Set(idsOf(await page(viewer, `/advisor/search?city=${city}&${query}`)));
    expect(await found('expertise=fundraising')).toEqual(new Set([a.user.id, c.user.id]));
    expect(await found('expertise=pricing&expertise=legal&industries=b2b-saas')).toEqual(new Set([b.user.id, c.user.id]));
    expect(await found('help=investing&remote=true&industries=climate')).toEqual(new Set([a.user.id]));
    expect(await found('q=exits')).toEqual(new Set([a.user.id]));
    for (const [query, field] of [
      ['expertise=juggling', 'expertise'],
      ['help=cheering', 'help'],
      ['limit=99', 'limit'],
    ] as const) {
      const response = await get(`/advisor/search?${query}`, { token: viewer.jwt });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields)).toEqual([field]);
    }
  });
});

describe('GET /profiles/search', () => {
  it('lists founders and advisors together, pictures first then newest, 20 a page by default', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const founder = await founderWith({ cityId: city, joinedAt: daysAgo(3) });
    const advisor = await advisorWith({ cityId: city, joinedAt: daysAgo(2), profilePictureUrl: '/media/avatars/adv.webp' });
    const newest = await founderWith({ cityId: city, joinedAt: daysAgo(1) });

    const sorted = await page(viewer, `/profiles/search?_sort=profilePicture:DESC,legacyProfilePicture:DESC,createdAt:DESC&city=${city}`);
    expect(sorted).toMatchObject({ total: 3, page: 1, limit: 20, pages: 1 });
    expect(idsOf(sorted)).toEqual([advisor, newest, founder].map((m) => m.user.id));
    expect(idsOf(await page(viewer, `/profiles/search?city=${city}`))).toEqual(idsOf(sorted));
    expect(idsOf(await page(viewer, `/profiles/search?city=${city}&_limit=1&_page=2`))).toEqual([newest.user.id]);
    expect(idsOf(await page(viewer, `/profiles/search?city=${city}&memberType=advisor`))).toEqual([advisor.user.id]);
  });

  it('keeps the picture-first order with q, and one-type filters match that type only', async () => {
    const city = newCity();
    const word = `okra${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await signedInMember();
    const named = await founderWith({ cityId: city, lastName: word, joinedAt: daysAgo(9), skills: ['design'] });
    const pictured = await advisorWith({ cityId: city, bio: `Grew ${word} exports`, profilePictureUrl: '/media/p.webp', joinedAt: daysAgo(5), expertise: ['operations'] });
    expect(idsOf(await page(viewer, `/profiles/search?q=${word}`))).toEqual([pictured.user.id, named.user.id]);
    expect(idsOf(await page(viewer, `/profiles/search?q=${word}&skills=design`))).toEqual([named.user.id]);
    expect(idsOf(await page(viewer, `/profiles/search?q=${word}&expertise=operations`))).toEqual([pictured.user.id]);
    expect(idsOf(await page(viewer, `/profiles/search?q=${word}&memberType=advisor&skills=design`))).toEqual([]);
  });

  it('leaves out members not onboarded and members on either side of a block', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const hidden = await advisorWith({ cityId: city });
    const fine = await advisorWith({ cityId: city });
    await founderWith({ cityId: city, onboarded: false });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: hidden.jwt });
    expect(idsOf(await page(viewer, `/profiles/search?city=${city}`))).toEqual([fine.user.id]);
  });

  it('refuses an unknown sort, member type or page, naming the field', async () => {
    const viewer = await signedInMember();
    for (const [query, field] of [
      ['_sort=name:ASC', '_sort'],
      ['_sort=createdAt:DESC', '_sort'],
      ['memberType=investor', 'memberType'],
      ['_limit=0', '_limit'],
      ['_page=-1', '_page'],
      ['stage=unicorn', 'stage'],
    ] as const) {
      const response = await get(`/profiles/search?${query}`, { token: viewer.jwt });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), query).toEqual([field]);
    }
  });
});
