import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { db } from '../db/client';
import { onboardingDrafts } from '../db/schema';
import { pngImage } from '../media/test-images';
import { advisorForm, BERLIN, filePart, founderForm, insertTestCities, LAGOS, searchMatches, searchRowOf, sendForm, tagsOf } from './test-forms';

beforeAll(insertTestCities);

const newFounder = () => signedInMember({ onboarded: false, firstName: 'Ada', lastName: 'Lovelace' });
const newAdvisor = () => signedInMember({ onboarded: false, memberType: 'advisor', firstName: 'Grace', lastName: 'Hopper' });

describe('GET /onboarding', () => {
  it('tells a new member their type, that they are not onboarded, and the profile so far', async () => {
    const ada = await newFounder();
    const response = await get('/onboarding', { token: ada.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({
      memberType: 'founder',
      onboarded: false,
      step: 0,
      draft: {},
      profile: expect.objectContaining({ memberType: 'founder', userId: ada.user.id, firstName: 'Ada', slug: ada.founder!.slug, skills: [], city: null }),
    });
  });

  it('asks for a session', async () => {
    expect((await get('/onboarding')).status).toBe(401);
    expect((await call('PUT', '/onboarding', { step: 1, data: {} })).status).toBe(401);
  });
});

describe('PUT /onboarding', () => {
  it('keeps what was typed, so the steps show it again on the next visit', async () => {
    const ada = await newFounder();
    const draft = { step: 2, data: { firstName: 'Ada', skills: ['engineering'], bio: 'half a bio' } };
    const saved = await call('PUT', '/onboarding', draft, { token: ada.jwt });
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toEqual({ step: 2, updatedAt: expect.any(String) });
    expect(await bodyOf(await get('/onboarding', { token: ada.jwt }))).toMatchObject({ step: 2, draft: draft.data });

    await call('PUT', '/onboarding', { step: 3, data: { firstName: 'Ada' } }, { token: ada.jwt });
    expect(await bodyOf(await get('/onboarding', { token: ada.jwt }))).toMatchObject({ step: 3, draft: { firstName: 'Ada' } });
  });

  it('refuses a draft over 16 KB and a bad step, naming the field', async () => {
    const ada = await newFounder();
    const big = await call('PUT', '/onboarding', { step: 1, data: { bio: 'x'.repeat(17 * 1024) } }, { token: ada.jwt });
    expect(big.status).toBe(400);
    expect((await bodyOf(big)).data.fields).toEqual({ data: 'must be at most 16 KB' });
    const step = await call('PUT', '/onboarding', { step: -1, data: {} }, { token: ada.jwt });
    expect((await bodyOf(step)).data.fields).toEqual({ step: 'must be at least 0' });
  });
});

describe('POST /founder/onboarding', () => {
  it('saves the profile, marks the member onboarded and deletes the draft', async () => {
    const ada = await newFounder();
    await call('PUT', '/onboarding', { step: 4, data: { firstName: 'Ada' } }, { token: ada.jwt });
    const response = await sendForm('POST', '/founder/onboarding', founderForm(), { token: ada.jwt });
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.user).toMatchObject({ _id: ada.user.id, onboarded: true, firstName: 'Ada', profile: { slug: ada.founder!.slug } });
    expect(body.profile).toEqual({
      _id: ada.founder!.id,
      memberType: 'founder',
      userId: ada.user.id,
      slug: ada.founder!.slug,
      firstName: 'Ada',
      lastName: 'Lovelace',
      tagline: 'Building an analytical engine for small clinics',
      bio: 'Mathematician. Wrote the first program; now writing the second.',
      technical: true,
      skills: ['engineering', 'data'],
      commitment: 'full-time',
      ideaStage: 'prototype',
      industries: ['healthtech', 'ai'],
      interests: ['poetical science', 'looms'],
      city: { id: LAGOS.id, label: 'Lagos, Nigeria' },
      openToRemote: true,
      lookingForCofounder: true,
      cofounderPreferences: { technical: { value: 'non-technical', importance: 'must-have' }, industries: { importance: 'nice-to-have' } },
      links: [{ label: 'Website', url: 'https://ada.example.com' }],
      startupName: null,
      startupWebsite: null,
      builtSoFar: null,
      takesRoles: [],
      wantsRoles: [],
      equity: null,
      fullTime: null,
      hoursPerWeek: null,
      profilePicture: null,
      profileBanner: null,
      searchIndexing: true,
      premium: false,
      joinedAt: ada.user.createdAt,
      updatedAt: expect.any(String),
    });
    expect(await db(env).select().from(onboardingDrafts).where(eq(onboardingDrafts.userId, ada.user.id))).toEqual([]);
    expect(await bodyOf(await get('/onboarding', { token: ada.jwt }))).toMatchObject({ onboarded: true, step: 0, draft: {} });
  });

  it('writes the search tags and the full-text row', async () => {
    const ada = await newFounder();
    expect(await tagsOf(ada.user.id)).toEqual([]);
    await sendForm('POST', '/founder/onboarding', founderForm({ interests: ['zeppelinology'] }), { token: ada.jwt });
    expect(await tagsOf(ada.user.id)).toEqual(
      [
        'city:2332459',
        'commitment:full-time',
        'industry:ai',
        'industry:healthtech',
        'looking:1',
        'remote:1',
        'skill:data',
        'skill:engineering',
        'stage:prototype',
        'technical:1',
      ].sort(),
    );
    expect(await searchRowOf(ada.user.id)).toMatchObject({ name: 'Ada Lovelace', headline: 'Building an analytical engine for small clinics' });
    expect(await searchMatches('zeppelinolog*')).toEqual([ada.user.id]);
  });

  it('keeps optional fields optional and lists free of repeats', async () => {
    const ada = await newFounder();
    const form = founderForm({ tagline: '', bio: null, cityId: null, links: null, cofounderPreferences: null, openToRemote: null, skills: ['design', 'design'] });
    const body = await bodyOf(await sendForm('POST', '/founder/onboarding', form, { token: ada.jwt }));
    expect(body.profile).toMatchObject({ tagline: null, bio: null, city: null, links: [], cofounderPreferences: {}, openToRemote: false, skills: ['design'] });
  });

  it('names each field at fault', async () => {
    const ada = await newFounder();
    const cases: [Record<string, string | string[] | null>, Record<string, string>][] = [
      [{ firstName: null }, { firstName: 'is required' }],
      [{ lastName: 'x'.repeat(61) }, { lastName: 'must be at most 60 characters' }],
      [{ tagline: 'x'.repeat(121) }, { tagline: 'must be at most 120 characters' }],
      [{ technical: 'maybe' }, { technical: 'must be one of: true, false' }],
      [{ skills: [] }, { skills: 'must have at least 1 item' }],
      [{ skills: ['juggling'] }, { skills: expect.stringMatching(/^must be one of: engineering, product/) }],
      [{ skills: ['engineering', 'product', 'design', 'data', 'operations', 'finance', 'legal'] }, { skills: 'must have at most 6 items' }],
      [{ commitment: 'weekends' }, { commitment: 'must be one of: full-time, part-time' }],
      [{ ideaStage: null }, { ideaStage: 'is required' }],
      [{ industries: ['fintech', 'crypto'] }, { industries: expect.stringMatching(/^must be one of: fintech/) }],
      [{ interests: ['x'.repeat(31)] }, { interests: 'must be at most 30 characters' }],
      [{ cityId: 'Lagos' }, { cityId: 'must be a whole number' }],
      [{ cityId: '999999999' }, { cityId: 'must be a city from the list' }],
      [{ openToRemote: 'yes' }, { openToRemote: 'must be one of: true, false' }],
      [{ links: 'not json' }, { links: 'must be valid JSON' }],
      [{ links: JSON.stringify([{ label: 'Home', url: 'javascript:alert(1)' }]) }, { 'links.0.url': 'must be an http or https address' }],
      [
        { cofounderPreferences: JSON.stringify({ commitment: { value: 'full-time', importance: 'essential' } }) },
        { 'cofounderPreferences.commitment.importance': 'must be one of: must-have, nice-to-have, dont-care' },
      ],
      [{ bio: 'x'.repeat(2001) }, { bio: 'must be at most 2000 characters' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await sendForm('POST', '/founder/onboarding', founderForm(overrides), { token: ada.jwt });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((await bodyOf(response)).data.fields, JSON.stringify(overrides)).toEqual(fields);
    }
    expect(await bodyOf(await get('/onboarding', { token: ada.jwt }))).toMatchObject({ onboarded: false });
  });

  it('reports every problem of one form at once', async () => {
    const ada = await newFounder();
    const response = await sendForm(
      'POST',
      '/founder/onboarding',
      founderForm({ firstName: '', commitment: 'never', profilePicture: filePart(new TextEncoder().encode('hi'), 'me.png', 'image/png') }),
      { token: ada.jwt },
    );
    const body = await bodyOf(response);
    expect(body.data.fields).toEqual({ firstName: 'is required', commitment: 'must be one of: full-time, part-time', profilePicture: 'must be a JPEG, PNG or WebP image' });
    expect(body.message).toContain('firstName: is required');
  });

  it('is only for founders, and only with a session', async () => {
    const grace = await newAdvisor();
    const response = await sendForm('POST', '/founder/onboarding', founderForm(), { token: grace.jwt });
    expect(response.status).toBe(403);
    expect((await bodyOf(response)).message).toMatch(/advisor account/);
    expect((await sendForm('POST', '/founder/onboarding', founderForm())).status).toBe(401);
  });

  it('wants a form, not JSON', async () => {
    const ada = await newFounder();
    const response = await sendForm('POST', '/founder/onboarding', JSON.stringify({ firstName: 'Ada' }), { token: ada.jwt });
    expect(response.status).toBe(415);
    expect((await bodyOf(response)).data.fields).toEqual({ body: 'must be sent as multipart/form-data' });
  });
});

describe('POST /advisor/onboarding', () => {
  it('saves the advisor profile, with the name on the user too', async () => {
    const grace = await newAdvisor();
    const response = await sendForm('POST', '/advisor/onboarding', advisorForm({ name: 'Grace Brewster Hopper' }), { token: grace.jwt });
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.user).toMatchObject({ onboarded: true, firstName: 'Grace', lastName: 'Brewster Hopper', advisor: { name: 'Grace Brewster Hopper', slug: grace.advisor!.slug } });
    expect(body.profile).toMatchObject({
      memberType: 'advisor',
      name: 'Grace Brewster Hopper',
      position: 'Rear admiral · advises on developer tools',
      expertise: ['engineering', 'hiring'],
      industries: ['devtools'],
      yearsExperience: 40,
      experience: 'Built the first compiler; led the COBOL effort.',
      helpTypes: ['mentoring', 'advising'],
      city: { id: BERLIN.id, label: 'Berlin, Germany' },
      openToRemote: true,
    });
    expect(await tagsOf(grace.user.id)).toEqual(['city:2950159', 'expertise:engineering', 'expertise:hiring', 'help:advising', 'help:mentoring', 'industry:devtools', 'remote:1']);
    expect(await searchRowOf(grace.user.id)).toMatchObject({ name: 'Grace Brewster Hopper', headline: 'Rear admiral · advises on developer tools' });
  });

  it('names the advisor fields at fault', async () => {
    const grace = await newAdvisor();
    const cases: [Record<string, string | string[] | null>, Record<string, string>][] = [
      [{ name: '  ' }, { name: 'is required' }],
      [{ expertise: [] }, { expertise: 'must have at least 1 item' }],
      [{ helpTypes: ['cheerleading'] }, { helpTypes: 'must be one of: mentoring, investing, advising' }],
      [{ yearsExperience: '71' }, { yearsExperience: 'must be at most 70' }],
      [{ yearsExperience: 'many' }, { yearsExperience: 'must be a whole number' }],
      [{ experience: 'x'.repeat(601) }, { experience: 'must be at most 600 characters' }],
      [{ position: 'x'.repeat(121) }, { position: 'must be at most 120 characters' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await sendForm('POST', '/advisor/onboarding', advisorForm(overrides), { token: grace.jwt });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((await bodyOf(response)).data.fields, JSON.stringify(overrides)).toEqual(fields);
    }
  });

  it('refuses a founder', async () => {
    const ada = await newFounder();
    const response = await sendForm('POST', '/advisor/onboarding', advisorForm({ profilePicture: filePart(await pngImage(64, 64), 'a.png') }), { token: ada.jwt });
    expect(response.status).toBe(403);
    expect((await bodyOf(response)).message).toMatch(/founder account/);
  });
});
