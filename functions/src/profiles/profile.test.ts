import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { pngImage } from '../media/test-images';
import { advisorForm, BERLIN, filePart, founderForm, insertTestCities, searchMatches, sendForm, tagsOf } from './test-forms';

beforeAll(insertTestCities);

type Member = Awaited<ReturnType<typeof signedInMember>>;

let sequence = 0;
/** An onboarded founder made through the onboarding route (so the search rows exist). */
async function onboardedFounder(overrides: Parameters<typeof founderForm>[0] = {}): Promise<Member> {
  const lastName = `Lovelace ${crypto.randomUUID().slice(0, 6)} ${++sequence}`;
  const member = await signedInMember({ onboarded: false, firstName: 'Ada', lastName });
  const response = await sendForm('POST', '/founder/onboarding', founderForm({ lastName, ...overrides }), { token: member.jwt });
  if (response.status !== 200) throw new Error(`onboarding answered ${response.status}: ${await response.text()}`);
  return member;
}

async function onboardedAdvisor(): Promise<Member> {
  const member = await signedInMember({ onboarded: false, memberType: 'advisor', firstName: 'Grace', lastName: `Hopper ${++sequence}` });
  await sendForm('POST', '/advisor/onboarding', advisorForm({ name: `Grace Hopper ${sequence}` }), { token: member.jwt });
  return member;
}

describe('PUT /founder/profile', () => {
  it('saves the same fields with the same checks', async () => {
    const ada = await onboardedFounder();
    const response = await sendForm('PUT', '/founder/profile', founderForm({ tagline: 'Now building looms', skills: ['product'], cityId: String(BERLIN.id), technical: 'false' }), {
      token: ada.jwt,
    });
    expect(response.status).toBe(200);
    expect((await bodyOf(response)).profile).toMatchObject({
      tagline: 'Now building looms',
      skills: ['product'],
      technical: false,
      city: { id: BERLIN.id, label: 'Berlin, Germany' },
    });
    const bad = await sendForm('PUT', '/founder/profile', founderForm({ commitment: 'sometimes' }), { token: ada.jwt });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).data.fields).toEqual({ commitment: 'must be one of: full-time, part-time' });
  });

  it('keeps the slug when the name changes', async () => {
    const ada = await onboardedFounder();
    const body = await bodyOf(await sendForm('PUT', '/founder/profile', founderForm({ firstName: 'Augusta', lastName: 'King' }), { token: ada.jwt }));
    expect(body.profile).toMatchObject({ firstName: 'Augusta', lastName: 'King', slug: ada.founder!.slug });
    expect(body.user).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect((await get(`/founder/profile?slug=${ada.founder!.slug}`)).status).toBe(200);
  });

  it('rewrites the search tags and the full-text row', async () => {
    const ada = await onboardedFounder({ interests: ['quaternions'] });
    expect(await searchMatches('quaternions')).toEqual([ada.user.id]);
    expect(await tagsOf(ada.user.id)).toContain('skill:engineering');

    await sendForm(
      'PUT',
      '/founder/profile',
      founderForm({ lastName: ada.user.lastName, interests: ['octonions'], skills: ['sales-marketing'], lookingForCofounder: 'false', openToRemote: 'false' }),
      { token: ada.jwt },
    );
    expect(await searchMatches('quaternions')).toEqual([]);
    expect(await searchMatches('octonions')).toEqual([ada.user.id]);
    expect(await searchMatches('"sales and marketing" AND octonions')).toEqual([ada.user.id]);
    const tags = await tagsOf(ada.user.id);
    expect(tags).toContain('skill:sales-marketing');
    expect(tags).not.toContain('skill:engineering');
    expect(tags).not.toContain('looking:1');
    expect(tags).not.toContain('remote:1');
  });

  it('keeps a picture not sent again, and removes it on request (with its file)', async () => {
    const ada = await onboardedFounder({ profilePicture: filePart(await pngImage(64, 64), 'a.png'), profilePictureAlt: 'Ada' });
    const kept = await bodyOf(await sendForm('PUT', '/founder/profile', founderForm({ profilePictureAlt: 'Ada at work' }), { token: ada.jwt }));
    const url = kept.profile.profilePicture.url;
    expect(kept.profile.profilePicture).toEqual({ url: expect.stringMatching(/^avatars\//), alt: 'Ada at work' });
    expect(await env.MEDIA.head(url)).not.toBeNull();

    const removed = await bodyOf(await sendForm('PUT', '/founder/profile', founderForm({ removeProfilePicture: 'true' }), { token: ada.jwt }));
    expect(removed.profile.profilePicture).toBeNull();
    expect(await env.MEDIA.head(url)).toBeNull();
  });

  it('replaces a picture with a new file under a new key and deletes the old one', async () => {
    const ada = await onboardedFounder({ profilePicture: filePart(await pngImage(64, 64), 'a.png'), profilePictureAlt: 'Ada' });
    const first = (await bodyOf(await get(`/founder/profile?slug=${ada.founder!.slug}`))).profilePicture.url;
    const next = await bodyOf(await sendForm('PUT', '/founder/profile', founderForm({ profilePicture: filePart(await pngImage(96, 96), 'b.png') }), { token: ada.jwt }));
    expect(next.profile.profilePicture).toEqual({ url: expect.not.stringMatching(first), alt: 'Ada' });
    expect(await env.MEDIA.head(first)).toBeNull();
  });

  it('is for onboarded members of the type only', async () => {
    const fresh = await signedInMember({ onboarded: false });
    const early = await sendForm('PUT', '/founder/profile', founderForm(), { token: fresh.jwt });
    expect(early.status).toBe(409);
    expect((await bodyOf(early)).message).toBe('Complete onboarding first.');
    const grace = await onboardedAdvisor();
    expect((await sendForm('PUT', '/founder/profile', founderForm(), { token: grace.jwt })).status).toBe(403);
    expect((await sendForm('PUT', '/advisor/profile', advisorForm({ yearsExperience: '12' }), { token: grace.jwt })).status).toBe(200);
    expect((await sendForm('PUT', '/founder/profile', founderForm())).status).toBe(401);
  });
});

describe('GET /founder/profile and /advisor/profile', () => {
  it('answers the whole profile to a visitor with no token', async () => {
    const ada = await onboardedFounder();
    const response = await get(`/founder/profile?slug=${ada.founder!.slug}`);
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({
      memberType: 'founder',
      slug: ada.founder!.slug,
      userId: ada.user.id,
      skills: ['engineering', 'data'],
      lookingForCofounder: true,
    });
    const grace = await onboardedAdvisor();
    expect(await bodyOf(await get(`/advisor/profile?slug=${grace.advisor!.slug}`))).toMatchObject({
      memberType: 'advisor',
      position: expect.any(String),
      helpTypes: ['mentoring', 'advising'],
    });
  });

  it('treats a stale token as a visitor rather than refusing a public page', async () => {
    const ada = await onboardedFounder();
    expect((await get(`/founder/profile?slug=${ada.founder!.slug}`, { token: 'not-a-token' })).status).toBe(200);
  });

  it('answers 404 for an unknown slug, the other member type, and a missing slug as 400', async () => {
    const ada = await onboardedFounder();
    for (const path of ['/founder/profile?slug=nobody-at-all', `/advisor/profile?slug=${ada.founder!.slug}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await bodyOf(response)).toEqual({ message: 'Profile not found', status: 404, data: null });
    }
    expect((await bodyOf(await get('/founder/profile'))).data.fields).toEqual({ slug: 'is required' });
  });

  it('hides a member who has not finished onboarding from everyone but themself', async () => {
    const fresh = await signedInMember({ onboarded: false, lastName: `Early ${++sequence}` });
    const other = await onboardedFounder();
    expect((await get(`/founder/profile?slug=${fresh.founder!.slug}`)).status).toBe(404);
    expect((await get(`/founder/profile?slug=${fresh.founder!.slug}`, { token: other.jwt })).status).toBe(404);
    expect((await get(`/founder/profile?slug=${fresh.founder!.slug}`, { token: fresh.jwt })).status).toBe(200);
  });

  it('hides a member from someone they blocked, but not the other way round', async () => {
    const [ada, bob] = [await onboardedFounder(), await onboardedFounder()];
    expect((await post(`/connection/block/${bob.user.id}`, undefined, { token: ada.jwt })).status).toBe(200);
    expect((await get(`/founder/profile?slug=${ada.founder!.slug}`, { token: bob.jwt })).status).toBe(404);
    expect((await get(`/founder/profile?slug=${bob.founder!.slug}`, { token: ada.jwt })).status).toBe(200);
    expect((await get(`/founder/profile?slug=${ada.founder!.slug}`)).status).toBe(200);
  });
});
