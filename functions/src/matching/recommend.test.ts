import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { findAccountById } from '../users/repository';
import { accountMatchProfile, loadMatchProfile } from './profiles';
import { put, requestId } from '../../test/connections';
import { advisorWith, daysAgo, founderWith } from '../search/test-profiles';
import { POOL_SIZE } from './candidates';

type Member = Awaited<ReturnType<typeof signedInMember>>;
type MatchBody = { member: { _id: string }; score: number; reasons: string[] };

let cityIds = 920_000_000;
const newCity = () => ++cityIds;

async function matches(viewer: Member, query = '') {
  const response = await get(`/profiles/recommend-search?limit=50${query}`, { token: viewer.jwt });
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

/** The matches among `members`, in the order answered. */
async function ranked(viewer: Member, members: Member[], query = '') {
  const wanted = new Set(members.map((member) => member.user.id));
  return ((await matches(viewer, query)).data as MatchBody[]).filter((match) => wanted.has(match.member._id));
}

const idsOf = (list: MatchBody[]) => list.map((match) => match.member._id);

describe('GET /profiles/recommend-search', () => {
  it('ranks founders looking for a co-founder by how well they complement the viewer, with reasons', async () => {
    const city = newCity();
    const place = { cityId: city, cityName: 'Lagos, Nigeria' };
    const viewer = await founderWith({
      isTechnical: true,
      skills: ['engineering'],
      commitment: 'full-time',
      ideaStage: 'prototype',
      industries: ['fintech'],
      lookingForCofounder: true,
      ...place,
    });
    const best = await founderWith({
      isTechnical: false,
      skills: ['sales-marketing'],
      commitment: 'full-time',
      ideaStage: 'no-idea',
      industries: ['fintech'],
      lookingForCofounder: true,
      ...place,
    });
    const good = await founderWith({
      isTechnical: false,
      skills: ['design'],
      commitment: 'part-time',
      industries: ['climate'],
      lookingForCofounder: true,
      cityId: newCity(),
      cityName: 'Accra, Ghana',
    });
    const notLooking = await founderWith({ isTechnical: false, skills: ['operations'], commitment: 'full-time', industries: ['fintech'], lookingForCofounder: false, ...place });
    const advisor = await advisorWith({ expertise: ['fundraising'], industries: ['fintech'], ...place });

    const result = await ranked(viewer, [best, good, notLooking, advisor, viewer]);
    expect(idsOf(result)).toEqual([best.user.id, good.user.id]);
    expect(result[0]).toEqual({
      member: expect.objectContaining({ _id: best.user.id, memberType: 'founder', city: 'Lagos, Nigeria', lookingForCofounder: true, skills: ['sales-marketing'] }),
      score: 75,
      reasons: ['complements your skills: sales and marketing', 'both full time', 'both based in Lagos', 'both in fintech', 'open to joining your idea'],
    });
    expect(result[1]!.reasons).toEqual(['complements your skills: design']);
  });

  it("leaves out candidates failing either side's must-haves", async () => {
    const city = newCity();
    const viewer = await founderWith({
      isTechnical: false,
      skills: ['product'],
      commitment: 'part-time',
      cityId: city,
      lookingForCofounder: true,
      cofounderPreferences: { technical: { value: 'technical', importance: 'must-have' } },
    });
    const technical = await founderWith({ isTechnical: true, skills: ['engineering'], cityId: city, lookingForCofounder: true });
    const business = await founderWith({ isTechnical: false, skills: ['sales-marketing'], cityId: city, lookingForCofounder: true });
    const wantsFullTime = await founderWith({
      isTechnical: true,
      skills: ['data'],
      cityId: city,
      lookingForCofounder: true,
      cofounderPreferences: { commitment: { value: 'full-time', importance: 'must-have' } },
    });
    expect(idsOf(await ranked(viewer, [technical, business, wantsFullTime]))).toEqual([technical.user.id]);
  });

  it('leaves out members connected, asked either way, ignored or blocked either way', async () => {
    const city = newCity();
    const profile = { isTechnical: false, skills: ['design' as const], cityId: city, lookingForCofounder: true };
    const viewer = await founderWith({ isTechnical: true, skills: ['engineering'], cityId: city, lookingForCofounder: true });
    const [connected, asked, askedMe, ignoredMe, iBlocked, blockedMe, fine] = await Promise.all(Array.from({ length: 7 }, () => founderWith(profile)));
    await put(`/connection/accepted/${await requestId(viewer, connected!)}`, connected!.jwt);
    await requestId(viewer, asked!);
    await requestId(askedMe!, viewer);
    await put(`/connection/ignored/${await requestId(viewer, ignoredMe!)}`, ignoredMe!.jwt);
    await post(`/connection/block/${iBlocked!.user.id}`, undefined, { token: viewer.jwt });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: blockedMe!.jwt });
    const all = [connected!, asked!, askedMe!, ignoredMe!, iBlocked!, blockedMe!, fine!];
    expect(idsOf(await ranked(viewer, all))).toEqual([fine!.user.id]);
  });

  it('suggests advisors to a founder by the expertise the founder lacks and shared industries', async () => {
    const viewer = await founderWith({ isTechnical: true, skills: ['engineering'], ideaStage: 'launched', industries: ['healthtech'], lookingForCofounder: true });
    const gtm = await advisorWith({ expertise: ['go-to-market', 'fundraising'], industries: ['edtech'], helpTypes: ['mentoring'], openToRemote: false });
    const health = await advisorWith({ expertise: ['engineering'], industries: ['healthtech'], helpTypes: ['investing'], openToRemote: false });
    const cofounder = await founderWith({ isTechnical: false, skills: ['sales-marketing'], lookingForCofounder: true });
    const result = await ranked(viewer, [gtm, health, cofounder], '&memberType=advisor');
    expect(idsOf(result)).toEqual([gtm.user.id, health.user.id]);
    expect(result[0]!.reasons).toEqual(['can help with go-to-market, fundraising']);
    expect(result[1]!.reasons).toEqual(['knows health', 'also invests']);
  });

  it('suggests founders to an advisor, and refuses to match advisors with advisors', async () => {
    const viewer = await advisorWith({ expertise: ['fundraising', 'pricing'], industries: ['agtech'], openToRemote: false });
    const founder = await founderWith({ isTechnical: true, skills: ['engineering'], industries: ['agtech'], ideaStage: 'idea', lookingForCofounder: false });
    const [match] = await ranked(viewer, [founder]);
    expect(match).toMatchObject({ member: { _id: founder.user.id }, reasons: ['could use your help with fundraising, pricing', 'building in food and agriculture'] });
    const refused = await get('/profiles/recommend-search?memberType=advisor', { token: viewer.jwt });
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).data.fields).toEqual({ memberType: 'advisors are matched with founders' });
  });

  it('pages the matches with the total', async () => {
    const city = newCity();
    const viewer = await founderWith({ isTechnical: true, skills: ['engineering'], cityId: city, lookingForCofounder: true });
    for (let i = 0; i < 3; i++) await founderWith({ isTechnical: false, skills: ['design'], cityId: city, lookingForCofounder: true });
    const all = await matches(viewer);
    const second = await bodyOf(await get('/profiles/recommend-search?limit=1&page=2', { token: viewer.jwt }));
    expect(second).toMatchObject({ total: all.total, page: 2, limit: 1, pages: all.total });
    expect(second.data[0].member._id).toBe(all.data[1].member._id);
  });

  it('refuses bad input naming the field, and signed-out requests', async () => {
    const viewer = await signedInMember();
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['page=0', 'page'],
      ['memberType=investor', 'memberType'],
    ] as const) {
      const response = await get(`/profiles/recommend-search?${query}`, { token: viewer.jwt });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), query).toEqual([field]);
    }
    expect((await get('/profiles/recommend-search')).status).toBe(401);
  });
});

describe('accountMatchProfile', () => {
  it('is the match profile stored for the member, read from the signed-in account without a query', async () => {
    const founder = await founderWith({
      isTechnical: false,
      skills: ['sales-marketing', 'operations'],
      commitment: 'part-time',
      ideaStage: 'idea',
      industries: ['fintech', 'climate'],
      cityId: newCity(),
      cityName: 'Porto, Portugal',
      openToRemote: true,
      lookingForCofounder: true,
      cofounderPreferences: {
        technical: { value: 'technical', importance: 'must-have' },
        industries: { importance: 'nice-to-have' },
        bogus: { value: 1, importance: 'must-have' },
      },
      takesRoles: ['sales-marketing'],
      wantsRoles: ['engineering', 'product'],
      equity: 'equal',
      fullTime: '3-months',
    });
    const advisor = await advisorWith({
      expertise: ['fundraising'],
      industries: ['fintech'],
      helpTypes: ['mentoring'],
      engagements: ['monthly'],
      helpStages: ['idea'],
      cityId: newCity(),
      cityName: 'Lyon, France',
      openToRemote: false,
    });
    const bare = await founderWith({ isTechnical: null, skills: [], industries: [] });
    for (const member of [founder, advisor, bare]) {
      const account = await findAccountById(db(env), member.user.id);
      expect(accountMatchProfile(account!)).toEqual(await loadMatchProfile({ db: db(env) }, member.user.id));
    }
  });
});

describe('members who said Interested in the viewer', () => {
  it('are in the deck even when no other pool would bring them', { timeout: 30_000 }, async () => {
    const viewer = await founderWith({
      isTechnical: true,
      skills: ['engineering'],
      commitment: 'full-time',
      industries: ['edtech'],
      cityId: newCity(),
      cityName: 'Oulu, Finland',
      lookingForCofounder: true,
    });
    // Old, elsewhere, in another industry and as technical as the viewer (a designer, full time: some fit): only the newest pool could bring them, and more than it holds joined since.
    const fan = await founderWith({
      isTechnical: true,
      skills: ['design'],
      commitment: 'full-time',
      industries: ['mobility'],
      cityId: newCity(),
      cityName: 'Kiruna, Sweden',
      lookingForCofounder: true,
      joinedAt: daysAgo(5000),
    });
    for (let made = 0; made < POOL_SIZE; made += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () => founderWith({ isTechnical: true, industries: ['mobility'], cityId: newCity(), cityName: 'Tromsø, Norway', lookingForCofounder: true })),
      );
    }
    const deck = async () => ((await matches(viewer)).data as MatchBody[]).map((match) => match.member._id);
    expect(await deck()).not.toContain(fan.user.id);
    expect((await post('/matching/intents', { candidateId: viewer.user.id, kind: 'interested' }, { token: fan.jwt })).status).toBe(201);
    expect(await deck()).toContain(fan.user.id);
  });
});
