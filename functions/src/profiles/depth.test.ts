import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, signedInMember } from '../../test/api';
import { advisorForm, founderForm, insertTestCities, sendForm, tagsOf } from './test-forms';

beforeAll(insertTestCities);

type Member = Awaited<ReturnType<typeof signedInMember>>;

let sequence = 0;
let cityIds = 910_000_000;

async function onboarded(memberType: 'founder' | 'advisor'): Promise<Member> {
  const member = await signedInMember({ onboarded: false, memberType, firstName: 'Deep', lastName: `Profile ${++sequence}` });
  const form = memberType === 'founder' ? founderForm({ lastName: member.user.lastName }) : advisorForm({ name: `Deep Profile ${sequence}` });
  const response = await sendForm('POST', `/${memberType}/onboarding`, form, { token: member.jwt });
  if (response.status !== 200) throw new Error(`onboarding answered ${response.status}: ${await response.text()}`);
  return member;
}

const DEEP_FOUNDER = {
  startupName: 'Loom & Co',
  startupWebsite: 'https://loom.example',
  builtSoFar: 'A prototype used by 3 clinics',
  takesRoles: ['engineering', 'product'],
  wantsRoles: ['sales-marketing'],
  equity: 'equal',
  fullTime: '3-months',
  hoursPerWeek: '25',
};

describe('the deeper founder fields', () => {
  it('are optional: onboarding without them saves empty values', async () => {
    const ada = await onboarded('founder');
    const body = await bodyOf(await get(`/founder/profile?slug=${ada.founder!.slug}`));
    expect(body).toMatchObject({ startupName: null, startupWebsite: null, builtSoFar: null, takesRoles: [], wantsRoles: [], equity: null, fullTime: null, hoursPerWeek: null });
  });

  it('are saved from settings, answered on the profile and filed for search', async () => {
    const ada = await onboarded('founder');
    const response = await sendForm('PUT', '/founder/profile', founderForm({ lastName: ada.user.lastName, ...DEEP_FOUNDER }), { token: ada.jwt });
    expect(response.status, await response.clone().text()).toBe(200);
    const profile = await bodyOf(await get(`/founder/profile?slug=${ada.founder!.slug}`));
    expect(profile).toMatchObject({ ...DEEP_FOUNDER, hoursPerWeek: 25 });
    const tags = await tagsOf(ada.user.id);
    expect(tags).toEqual(expect.arrayContaining(['takes:engineering', 'takes:product', 'fulltime:3-months']));
  });

  it('refuse bad values with a 400 naming each field', async () => {
    const ada = await onboarded('founder');
    const bad = await sendForm(
      'PUT',
      '/founder/profile',
      founderForm({
        lastName: ada.user.lastName,
        startupWebsite: 'http://loom.example',
        takesRoles: ['juggling'],
        equity: 'all-mine',
        fullTime: 'someday',
        hoursPerWeek: '81',
        startupName: 'x'.repeat(81),
      }),
      { token: ada.jwt },
    );
    expect(bad.status).toBe(400);
    const fields = (await bodyOf(bad)).data.fields;
    expect(Object.keys(fields).sort()).toEqual(['equity', 'fullTime', 'hoursPerWeek', 'startupName', 'startupWebsite', 'takesRoles']);
    expect(fields.startupWebsite).toBe('must be an https address, e.g. https://example.com');
    expect(fields.hoursPerWeek).toBe('must be at most 80');
    for (const website of ['javascript:alert(1)', 'https://user:pw@loom.example', 'not a url']) {
      const refused = await sendForm('PUT', '/founder/profile', founderForm({ lastName: ada.user.lastName, startupWebsite: website }), { token: ada.jwt });
      expect(Object.keys((await bodyOf(refused)).data.fields)).toEqual(['startupWebsite']);
    }
  });

  it('filter founder search by the responsibilities they take and their full-time timing', async () => {
    const city = ++cityIds;
    const ada = await onboarded('founder');
    await sendForm('PUT', '/founder/profile', founderForm({ lastName: ada.user.lastName, ...DEEP_FOUNDER }), { token: ada.jwt });
    const viewer = await signedInMember();
    const ids = async (query: string) => {
      const response = await get(`/founder/search?q=${encodeURIComponent(ada.user.lastName)}&${query}`, { token: viewer.jwt });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await bodyOf(response)).data.map((member: { _id: string }) => member._id);
    };
    expect(await ids('takes=engineering')).toEqual([ada.user.id]);
    expect(await ids('takes=sales-marketing')).toEqual([]);
    expect(await ids('fulltime=3-months&fulltime=now')).toEqual([ada.user.id]);
    expect(await ids('fulltime=later')).toEqual([]);
    const bad = await get(`/founder/search?fulltime=someday&city=${city}`, { token: viewer.jwt });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields)).toEqual(['fulltime']);
  });
});

describe('the deeper advisor fields', () => {
  it('are saved, answered, filtered by engagement in search, and checked', async () => {
    const grace = await onboarded('advisor');
    const name = `Deep Profile ${sequence}`;
    const saved = await sendForm('PUT', '/advisor/profile', advisorForm({ name, engagements: ['monthly', 'ongoing'], helpStages: ['prototype'] }), { token: grace.jwt });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await bodyOf(await get(`/advisor/profile?slug=${grace.advisor!.slug}`))).toMatchObject({ engagements: ['monthly', 'ongoing'], helpStages: ['prototype'] });
    const viewer = await signedInMember();
    const ids = async (engage: string) =>
      (await bodyOf(await get(`/advisor/search?q=${encodeURIComponent(name)}&engage=${engage}`, { token: viewer.jwt }))).data.map((member: { _id: string }) => member._id);
    expect(await ids('monthly')).toEqual([grace.user.id]);
    expect(await ids('one-off')).toEqual([]);
    const bad = await sendForm('PUT', '/advisor/profile', advisorForm({ name, engagements: ['weekly'], helpStages: ['no-idea'] }), { token: grace.jwt });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf(bad)).data.fields).sort()).toEqual(['engagements', 'helpStages']);
  });
});
