import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { tagToken } from '../profiles/search-keys';
import { advisorWith, daysAgo, founderWith, idsOf } from './test-profiles';

type Member = Awaited<ReturnType<typeof signedInMember>>;

let cityIds = 900_000_000;
/** A city id no other test uses: filtering on it scopes a test to its own members. */
const newCity = () => ++cityIds;

async function search(viewer: Member, query: string) {
  const response = await get(`/founder/search?${query}`, { token: viewer.jwt });
  expect(response.status, await response.clone().text()).toBe(200);
  return bodyOf(response);
}

describe('GET /founder/search', () => {
  it('answers onboarded founders as profile summaries, paged with the total', async () => {
    const city = newCity();
    const ada = await founderWith({
      firstName: 'Ada',
      lastName: 'Okafor',
      tagline: 'Payroll for bakeries',
      cityId: city,
      cityName: 'Lagos, Nigeria',
      openToRemote: true,
      skills: ['engineering', 'data'],
      industries: ['fintech'],
      isTechnical: true,
      commitment: 'full-time',
      ideaStage: 'prototype',
      lookingForCofounder: true,
      profilePictureUrl: '/media/avatars/ada.webp',
      startupName: 'Crumb',
      takesRoles: ['engineering', 'product'],
      wantsRoles: ['sales-marketing'],
      fullTime: '3-months',
      equity: 'equal',
      hoursPerWeek: 20,
    });
    await founderWith({ cityId: city, onboarded: false });
    await advisorWith({ cityId: city });

    const page = await search(await signedInMember(), `city=${city}`);
    expect(page).toEqual({
      data: [
        {
          _id: ada.user.id,
          memberType: 'founder',
          name: 'Ada Okafor',
          tagline: 'Payroll for bakeries',
          slug: ada.founder!.slug,
          avatar: '/media/avatars/ada.webp',
          banner: null,
          profileId: ada.founder!.id,
          premium: false,
          verified: null,
          city: 'Lagos, Nigeria',
          openToRemote: true,
          skills: ['engineering', 'data'],
          industries: ['fintech'],
          technical: true,
          commitment: 'full-time',
          ideaStage: 'prototype',
          lookingForCofounder: true,
          helpTypes: [],
          startupName: 'Crumb',
          takesRoles: ['engineering', 'product'],
          wantsRoles: ['sales-marketing'],
          fullTime: '3-months',
          engagements: [],
          helpStages: [],
          joinedAt: ada.user.createdAt,
          saved: false,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
      pages: 1,
      capped: false,
    });
  });

  it('combines filters: any value within a filter, every filter used', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const a = await founderWith({
      cityId: city,
      skills: ['engineering'],
      industries: ['fintech'],
      commitment: 'full-time',
      isTechnical: true,
      openToRemote: true,
      lookingForCofounder: true,
      ideaStage: 'idea',
    });
    const b = await founderWith({ cityId: city, skills: ['design'], industries: ['fintech', 'climate'], commitment: 'part-time', isTechnical: false, ideaStage: 'launched' });
    const c = await founderWith({
      cityId: city,
      skills: ['engineering', 'sales-marketing'],
      industries: ['healthtech'],
      commitment: 'full-time',
      isTechnical: true,
      openToRemote: true,
    });

    const found = async (query: string) => new Set(idsOf(await search(viewer, `city=${city}&${query}`)));
    expect(await found('skills=engineering')).toEqual(new Set([a.user.id, c.user.id]));
    expect(await found('skills=engineering&industries=fintech')).toEqual(new Set([a.user.id]));
    expect(await found('skills=engineering&skills=design&industries=fintech')).toEqual(new Set([a.user.id, b.user.id]));
    expect(await found('commitment=full-time&remote=true')).toEqual(new Set([a.user.id, c.user.id]));
    expect(await found('technical=false')).toEqual(new Set([b.user.id]));
    expect(await found('technical=true&technical=false')).toEqual(new Set([a.user.id, b.user.id, c.user.id]));
    expect(await found('stage=idea&stage=launched')).toEqual(new Set([a.user.id, b.user.id]));
    expect(await found('looking=true')).toEqual(new Set([a.user.id]));
    expect(await found('industries=climate&skills=engineering')).toEqual(new Set());
    const sixIndustries = ['fintech', 'edtech', 'ai', 'media', 'gaming', 'security'].map((value) => `industries=${value}`).join('&');
    expect(await found(`${sixIndustries}&skills=design&skills=engineering&skills=data&skills=product&skills=legal&skills=finance`)).toEqual(new Set([a.user.id, b.user.id]));
    // Empty values ("any" in a form) and remote=false filter nothing.
    expect(await found('skills=&industries=&remote=false')).toEqual(new Set([a.user.id, b.user.id, c.user.id]));
    expect(await found(`city=${newCity()}`)).toEqual(new Set([a.user.id, b.user.id, c.user.id]));
  });

  it('puts members with a picture first, then the newest', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const oldWithPicture = await founderWith({ cityId: city, profilePictureUrl: '/media/avatars/1.webp', joinedAt: daysAgo(30) });
    const newWithout = await founderWith({ cityId: city, joinedAt: daysAgo(1) });
    const newestWithPicture = await founderWith({ cityId: city, profilePictureUrl: 'https://cdn.example.com/2.png', joinedAt: daysAgo(2) });
    const oldestWithout = await founderWith({ cityId: city, joinedAt: daysAgo(60) });
    expect(idsOf(await search(viewer, `city=${city}`))).toEqual([newestWithPicture, oldWithPicture, newWithout, oldestWithout].map((m) => m.user.id));
  });

  it('pages with limit and page, telling the total and the page count', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const members = [];
    for (let day = 1; day <= 5; day++) members.push(await founderWith({ cityId: city, joinedAt: daysAgo(day) }));
    const ids = members.map((member) => member.user.id);

    const first = await search(viewer, `city=${city}&limit=2`);
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2, pages: 3 });
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(idsOf(await search(viewer, `city=${city}&limit=2&page=2`))).toEqual(ids.slice(2, 4));
    expect(idsOf(await search(viewer, `city=${city}&limit=2&page=3`))).toEqual(ids.slice(4));
    expect(await search(viewer, `city=${city}&limit=2&page=4`)).toEqual({ data: [], total: 5, page: 4, limit: 2, pages: 3, capped: false });
  });

  it('finds words of names, taglines and bios by prefix, the best match first, combined with filters', async () => {
    const city = newCity();
    const word = `zebu${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await signedInMember();
    const inBio = await founderWith({ cityId: city, bio: `We grow ${word} herds.`, profilePictureUrl: '/media/a.webp', joinedAt: daysAgo(1) });
    const inName = await founderWith({ cityId: city, firstName: 'Musa', lastName: word, joinedAt: daysAgo(9), skills: ['operations'] });
    const inTagline = await founderWith({ cityId: city, tagline: `Insurance for ${word} farmers`, joinedAt: daysAgo(5) });
    await founderWith({ cityId: city, bio: 'Nothing to see here.' });

    expect(idsOf(await search(viewer, `q=${word}`))).toEqual([inName, inTagline, inBio].map((m) => m.user.id));
    expect(idsOf(await search(viewer, `q=${word.slice(0, 6)}&city=${city}`))).toEqual([inName, inTagline, inBio].map((m) => m.user.id));
    expect(idsOf(await search(viewer, `q=${encodeURIComponent(`Musa ${word}`)}`))).toEqual([inName.user.id]);
    expect(idsOf(await search(viewer, `q=${word}&skills=operations`))).toEqual([inName.user.id]);
    expect(idsOf(await search(viewer, `q=${word}&skills=design`))).toEqual([]);
    // Accents do not matter: the index folds them, and so does a prefix typed with them.
    const accented = await founderWith({ cityId: city, tagline: `Crédito para ${word}s` });
    expect(idsOf(await search(viewer, `q=${encodeURIComponent('CREDITO')}&city=${city}`))).toEqual([accented.user.id]);
  });

  it('reads FTS syntax in q as plain words, never as a query', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const near = await founderWith({ cityId: city, tagline: 'Near-shore payroll OR nothing' });
    for (const q of [
      '"',
      '""',
      "'",
      '*',
      'payroll"',
      '"payroll',
      'pay*',
      'NEAR(payroll nothing)',
      'payroll OR zzz',
      'payroll AND',
      'NOT payroll',
      'name:payroll',
      '{name}: payroll',
      '(payroll',
      'payroll)',
      '-payroll',
      '^payroll',
      'payroll +',
      'a"b*c',
    ]) {
      const response = await get(`/founder/search?city=${city}&q=${encodeURIComponent(q)}`, { token: viewer.jwt });
      expect([200, 400], q).toContain(response.status);
      const body = await bodyOf(response);
      if (response.status === 400) expect(body.data.fields, q).toEqual({ q: 'must contain a letter or a digit' });
    }
    // Operators are words: "OR" and "NEAR" are found in the text, and nothing is widened.
    expect(idsOf(await search(viewer, `city=${city}&q=${encodeURIComponent('NEAR OR')}`))).toEqual([near.user.id]);
    expect(idsOf(await search(viewer, `city=${city}&q=${encodeURIComponent('payroll OR zzz')}`))).toEqual([]);
    expect(idsOf(await search(viewer, `city=${city}&q=${encodeURIComponent('"payroll*"')}`))).toEqual([near.user.id]);
  });

  it('never lets words pose as filters, nor filters as words', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const token = tagToken('industry', 'fintech');
    const posing = await founderWith({ cityId: city, industries: ['climate'], bio: `Call me ${token} ${tagToken('city', String(city))}` });
    const fintech = await founderWith({ cityId: city, industries: ['fintech'] });
    expect(idsOf(await search(viewer, `city=${city}&industries=fintech`))).toEqual([fintech.user.id]);
    expect(idsOf(await search(viewer, `q=${token}&city=${city}`))).toEqual([posing.user.id]);
  });

  it('leaves out members on either side of a block', async () => {
    const city = newCity();
    const viewer = await signedInMember();
    const iBlocked = await founderWith({ cityId: city });
    const blockedMe = await founderWith({ cityId: city });
    const fine = await founderWith({ cityId: city });
    await post(`/connection/block/${iBlocked.user.id}`, undefined, { token: viewer.jwt });
    await post(`/connection/block/${viewer.user.id}`, undefined, { token: blockedMe.jwt });
    expect(await search(viewer, `city=${city}`)).toMatchObject({ total: 1, data: [{ _id: fine.user.id }] });
    expect(idsOf(await search(blockedMe, `city=${city}`))).not.toContain(viewer.user.id);
  });

  it('leaves the searching member out of the page and the total, however the total is counted', async () => {
    const city = newCity();
    const word = `okapi${crypto.randomUUID().slice(0, 6)}`;
    const profile = { cityId: city, industries: ['fintech'], skills: ['design'], isTechnical: true, bio: `We build ${word} tools.` };
    // The viewer is the newest with a picture: were they listed, they would come first.
    const viewer = await founderWith({ ...profile, profilePictureUrl: '/media/avatars/me.webp', joinedAt: daysAgo(0) });
    const others = [await founderWith({ ...profile, joinedAt: daysAgo(2) }), await founderWith({ ...profile, joinedAt: daysAgo(3) })];
    const othersIds = others.map((member) => member.user.id);
    for (const query of [
      `city=${city}`, // one facet: counted by the counters
      `city=${city}&industries=fintech`, // two facets: the pair counters
      `city=${city}&industries=fintech&skills=design&technical=true`, // counted by the index
      `q=${word}`, // words, ranked
      `q=${word}&city=${city}`,
      `q=${word.slice(0, 7)}`, // words read as beginnings
    ]) {
      const page = await search(viewer, `${query}&limit=1`);
      expect(page, query).toMatchObject({ total: 2, pages: 2, data: [{ _id: othersIds[0] }] });
      expect(idsOf(await search(viewer, `${query}&limit=1&page=2`)), query).toEqual([othersIds[1]]);
    }
    // Another member finds the viewer, first.
    expect(idsOf(await search(others[0]!, `city=${city}`))).toEqual([viewer.user.id, othersIds[1]]);
    // The same on the advisor search and the profiles search.
    const advisor = await advisorWith({ cityId: city, profilePictureUrl: '/media/avatars/a.webp' });
    const colleague = await advisorWith({ cityId: city });
    expect(await bodyOf(await get(`/advisor/search?city=${city}`, { token: advisor.jwt }))).toMatchObject({ total: 1, data: [{ _id: colleague.user.id }] });
    const everyone = await bodyOf(await get(`/profiles/search?_limit=50&_page=1&city=${city}`, { token: advisor.jwt }));
    expect(everyone.total).toBe(4);
    expect(idsOf(everyone).sort()).toEqual([viewer.user.id, ...othersIds, colleague.user.id].sort());
  });

  it('answers a search using every filter at its longest (within the database’s parameter limit)', async () => {
    const viewer = await signedInMember();
    const list = (key: string, values: readonly string[]) => values.map((value) => `${key}=${value}`).join('&');
    const cities = Array.from({ length: 20 }, (_, i) => String(newCity() + i));
    const query = [
      list('skills', ['engineering', 'product', 'design', 'data', 'sales-marketing', 'operations', 'finance', 'fundraising', 'hardware', 'legal']),
      list('industries', [
        'fintech',
        'healthtech',
        'climate',
        'edtech',
        'ai',
        'b2b-saas',
        'devtools',
        'consumer',
        'marketplaces',
        'ecommerce',
        'biotech',
        'hardware-robotics',
        'mobility',
        'agtech',
        'proptech',
        'media',
        'gaming',
        'security',
        'govtech',
        'future-of-work',
      ]),
      list('city', cities),
      list('commitment', ['full-time', 'part-time']),
      list('technical', ['true', 'false']),
      list('stage', ['no-idea', 'idea', 'prototype', 'launched', 'revenue']),
      'remote=true&looking=true',
    ].join('&');
    for (const q of ['', '&q=payroll']) expect((await search(viewer, `${query}${q}`)).total).toBe(0);
    const profiles = await get(`/profiles/search?${query}&${list('expertise', ['fundraising', 'pricing'])}&help=mentoring`, { token: viewer.jwt });
    expect(profiles.status).toBe(200);
  });

  it('refuses values outside the vocabulary and ranges, naming the field', async () => {
    const viewer = await signedInMember();
    for (const [query, field] of [
      ['skills=juggling', 'skills'],
      ['skills=engineering&skills=juggling', 'skills'],
      ['industries=tobacco', 'industries'],
      ['commitment=weekends', 'commitment'],
      ['technical=maybe', 'technical'],
      ['stage=series-z', 'stage'],
      ['remote=yes', 'remote'],
      ['looking=1', 'looking'],
      ['city=lagos', 'city'],
      ['city=0', 'city'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['page=0', 'page'],
      ['page=x', 'page'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['q=%22%2A', 'q'],
    ] as const) {
      const response = await get(`/founder/search?${query}`, { token: viewer.jwt });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), query).toEqual([field]);
    }
    const response = await get('/founder/search?skills=juggling', { token: viewer.jwt });
    expect((await bodyOf(response)).message).toMatch(/^skills: must be one of: engineering, product, design/);
  });

  it('refuses signed-out requests', async () => {
    for (const path of ['/founder/search', '/advisor/search', '/profiles/search', '/founder/tagging-profiles?query=ada']) {
      expect((await get(path)).status, path).toBe(401);
      expect((await get(path, { token: 'not-a-token' })).status, path).toBe(401);
    }
  });
});
