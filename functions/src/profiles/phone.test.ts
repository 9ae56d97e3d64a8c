import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { put, requestId } from '../../test/connections';
import { createPostAs } from '../../test/posts';
import { advisorWith, founderWith } from '../search/test-profiles';
import { PHONE_PROBLEM } from '../users/phone';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const setPhone = (member: Member, phone: unknown) => call('PATCH', '/profile/privacy', { phone }, { token: member.jwt });
const me = async (member: Member) => bodyOf(await get('/auth/me', { token: member.jwt }));

let cityIds = 910_000_000;

describe('PATCH /profile/privacy with a phone number', () => {
  it('stores a valid number as E.164 and answers it to the member only through their own reads', async () => {
    const ada = await signedInMember();
    const response = await setPhone(ada, ' +44 20 7946 0958 ');
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ searchIndexing: true, privateBrowsing: false, phone: '+442079460958' });
    expect(await bodyOf(await get('/profile/privacy', { token: ada.jwt }))).toMatchObject({ phone: '+442079460958' });
    expect(await me(ada)).toMatchObject({ _id: ada.user.id, phone: '+442079460958' });
  });

  it('keeps the number when other choices change, and removes it with null or empty text', async () => {
    const ada = await signedInMember();
    await setPhone(ada, '+1 (213) 373-4253');
    expect(await bodyOf(await call('PATCH', '/profile/privacy', { privateBrowsing: true }, { token: ada.jwt }))).toMatchObject({ phone: '+12133734253' });
    expect(await bodyOf(await setPhone(ada, null))).toMatchObject({ phone: null });
    expect((await me(ada)).phone).toBeNull();
    await setPhone(ada, '+1 213 373 4253');
    expect(await bodyOf(await setPhone(ada, '  '))).toMatchObject({ phone: null });
    expect((await me(ada)).phone).toBeNull();
  });

  it('refuses a number that is not valid with a 400 naming phone, and keeps the stored one', async () => {
    const ada = await signedInMember();
    await setPhone(ada, '+33 1 45 45 32 45');
    for (const bad of ['020 7946 0958', '+1 213 373', '+44 20 7946 0958 0958 0958', 'call me', '+1-800-GOT-MILK', '9'.repeat(1_000)]) {
      const response = await setPhone(ada, bad);
      expect(response.status, bad.slice(0, 30)).toBe(400);
      expect((await bodyOf(response)).data.fields).toEqual({ phone: PHONE_PROBLEM });
    }
    for (const [bad, problem] of [
      [4_420_794_609, 'must be text'],
      [['+442079460958'], 'must be text'],
    ] as const) {
      const response = await setPhone(ada, bad);
      expect(response.status).toBe(400);
      expect((await bodyOf(response)).data.fields).toEqual({ phone: problem });
    }
    expect((await me(ada)).phone).toBe('+33145453245');
  });

  it('asks for a session', async () => {
    expect((await call('PATCH', '/profile/privacy', { phone: '+442079460958' })).status).toBe(401);
  });
});

describe('a member’s phone number stays private', () => {
  it('is in no answer another member or a visitor gets: profiles, searches, mentions, connections, views, posts', async () => {
    const city = ++cityIds;
    const family = `Phonly${crypto.randomUUID().slice(0, 5)}`;
    const founder = await founderWith({ firstName: 'Pia', lastName: family, cityId: city, cityName: 'Leeds, United Kingdom' });
    const advisor = await advisorWith({ name: `Ola ${family}`, cityId: city, cityName: 'Leeds, United Kingdom' });
    const other = await signedInMember({ lastName: `Other ${family}` });
    const numbers = { [founder.user.id]: '+442079460958', [advisor.user.id]: '+12133734253' };
    for (const member of [founder, advisor]) expect((await setPhone(member, numbers[member.user.id])).status).toBe(200);
    // Checked by its digits too, in case an answer formatted it.
    const secrets = ['+442079460958', '2079460958', '+12133734253', '2133734253'];

    await put(`/connection/accepted/${await requestId(founder, other)}`, other.jwt);
    await requestId(advisor, other);
    const post = await bodyOf(await createPostAs(founder, { text: `Hello from ${family}` }));
    expect(post.slug).toBeTruthy();

    const answers: Array<[path: string, token: string | undefined, shows: string[]]> = [
      [`/founder/profile?slug=${founder.founder!.slug}`, other.jwt, [founder.user.id]],
      [`/founder/profile?slug=${founder.founder!.slug}`, undefined, [founder.founder!.slug]],
      [`/advisor/profile?slug=${advisor.advisor!.slug}`, other.jwt, [advisor.user.id]],
      [`/advisor/profile?slug=${advisor.advisor!.slug}`, undefined, [advisor.advisor!.slug]],
      [`/founder/search?city=${city}`, other.jwt, [founder.user.id]],
      [`/advisor/search?city=${city}`, other.jwt, [advisor.user.id]],
      [`/profiles/search?city=${city}`, other.jwt, [founder.user.id, advisor.user.id]],
      [`/founder/tagging-profiles?query=${family}`, other.jwt, [founder.user.id, advisor.user.id]],
      ['/connection/accepted', other.jwt, [founder.user.id]],
      ['/connection/status?_type=received', other.jwt, [advisor.user.id]],
      // The founder (with a number) views the advisor's profile, then shows in the advisor's views.
      [`/advisor/profile?slug=${advisor.advisor!.slug}`, founder.jwt, [advisor.user.id]],
      ['/profile/views', advisor.jwt, [founder.user.id]],
      [`/feed-post/${post.slug}`, other.jwt, [founder.user.id]],
      [`/feed-post/${post.slug}`, undefined, [family]],
    ];
    for (const [path, token, shows] of answers) {
      const response = await get(path, { token });
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      for (const shown of shows) expect(text, path).toContain(shown);
      for (const secret of secrets) expect(text, path).not.toContain(secret);
    }
  });
});
