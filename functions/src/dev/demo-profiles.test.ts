import { env } from 'cloudflare:workers';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post } from '../../test/api';
import { db } from '../db/client';
import { appMeta, founders, users } from '../db/schema';
import { profileSearch } from '../profiles/index-rows';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './demo-data';
import { DEMO_ADVISOR_PROFILES, DEMO_CITIES, DEMO_FOUNDER_PROFILES } from './demo-profiles';
import { PROFILES_SEEDED_KEY } from './seed-profiles';

const database = db(env);

async function login(email: string) {
  return bodyOf(await post('/auth/user-login', { email, password: DEMO_PASSWORD }));
}

async function searchRows(emails: readonly string[]) {
  return database.all<{ email: string; name: string; tags: number }>(sql`
    SELECT u.email, s.name, (SELECT count(*) FROM profile_tags t WHERE t.user_id = u.id) AS tags
    FROM users u LEFT JOIN profile_search s ON s.user_id = u.id
    WHERE u.email IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`);
}

describe('the demo profiles', () => {
  it('give every onboarded demo member a complete profile, and the others none', () => {
    const onboarded = DEMO_MEMBERS.filter((member) => member.onboarded !== false);
    for (const member of onboarded) {
      const profile = member.memberType === 'founder' ? DEMO_FOUNDER_PROFILES[member.email] : DEMO_ADVISOR_PROFILES[member.email];
      expect(profile, member.email).toBeDefined();
      expect(profile!.bio!.length, member.email).toBeGreaterThan(60);
      expect(profile!.industries.length, member.email).toBeGreaterThan(0);
      expect(profile!.city.label, member.email).toMatch(/^[^,]+, /);
      if ('skills' in profile!) expect(profile.skills.length * (profile.commitment ? 1 : 0) * (profile.ideaStage ? 1 : 0), member.email).toBeGreaterThan(0);
      else expect(profile!.expertise.length * profile!.helpTypes.length * (profile!.yearsExperience ?? 0), member.email).toBeGreaterThan(0);
    }
    const waiting = DEMO_MEMBERS.filter((member) => member.onboarded === false).map((member) => member.email);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting.filter((email) => email in DEMO_FOUNDER_PROFILES)).toEqual([]);
    const looking = Object.values(DEMO_FOUNDER_PROFILES).filter((profile) => profile.lookingForCofounder);
    expect(looking.length).toBeGreaterThanOrEqual(5);
    expect(looking.some((profile) => profile.technical) && looking.some((profile) => !profile.technical)).toBe(true);
  });

  it('keep the demo member onboarded and looking for a technical co-founder, with a public profile', async () => {
    await post('/dev/seed');
    const { user } = await login('demo@foundermesh.dev');
    expect(user.onboarded).toBe(true);
    const profile = await bodyOf(await get(`/founder/profile?slug=${user.profile.slug}`));
    expect(profile).toMatchObject({
      firstName: 'Maya',
      lastName: 'Okafor',
      technical: false,
      lookingForCofounder: true,
      city: DEMO_CITIES.lagos,
      cofounderPreferences: { technical: { value: 'technical', importance: 'must-have' } },
    });
    expect(profile.skills.length).toBeGreaterThan(0);
  });

  it('are indexed for search: tags and full text for onboarded members, nothing for the others', async () => {
    await post('/dev/seed');
    const rows = await searchRows(DEMO_MEMBERS.map((member) => member.email));
    for (const member of DEMO_MEMBERS) {
      const row = rows.find((candidate) => candidate.email === member.email)!;
      if (member.onboarded === false) expect(row, member.email).toMatchObject({ name: null, tags: 0 });
      else expect(row.tags, member.email).toBeGreaterThan(3);
    }
    const [maya] = await database.all<{ email: string }>(sql`
      SELECT u.email FROM profile_search s JOIN users u ON u.id = s.user_id WHERE profile_search MATCH 'scheduling AND clinics' AND u.email LIKE '%@foundermesh.dev'`);
    expect(maya).toEqual({ email: 'demo@foundermesh.dev' });
  });

  it('leave the not-onboarded demo members at onboarding, one with a draft to resume', async () => {
    await post('/dev/seed');
    const lea = await login('lea.fischer@foundermesh.dev');
    expect(lea.user.onboarded).toBe(false);
    expect(await bodyOf(await get('/onboarding', { token: lea.jwt }))).toMatchObject({ onboarded: false, step: 2, draft: { firstName: 'Lea' } });
  });

  it('are added once to a database seeded before they existed, keeping profiles edited since', async () => {
    await post('/dev/seed');
    const emails = ['demo@foundermesh.dev', 'jonas.weber@foundermesh.dev', 'arjun.mehta@foundermesh.dev'];
    const ids = await database.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
    const id = (email: string) => ids.find((row) => row.email === email)!.id;
    // The old database: blank profiles, no search rows, no Arjun; Jonas edited his by hand.
    await database.batch([
      database.delete(appMeta).where(eq(appMeta.key, PROFILES_SEEDED_KEY)),
      database
        .update(founders)
        .set({ skills: [], bio: null })
        .where(eq(founders.userId, id('demo@foundermesh.dev'))),
      database
        .update(founders)
        .set({ bio: 'Edited by hand', skills: ['finance'] })
        .where(eq(founders.userId, id('jonas.weber@foundermesh.dev'))),
      database.delete(users).where(eq(users.id, id('arjun.mehta@foundermesh.dev'))),
      database.delete(profileSearch).where(eq(profileSearch.userId, id('demo@foundermesh.dev'))),
    ]);

    expect(await bodyOf(await post('/dev/seed'))).toEqual({ seeded: false });
    const maya = await bodyOf(await get(`/founder/profile?slug=${(await login('demo@foundermesh.dev')).user.profile.slug}`));
    expect(maya.skills).toEqual(DEMO_FOUNDER_PROFILES['demo@foundermesh.dev']!.skills);
    const jonas = await database
      .select()
      .from(founders)
      .where(eq(founders.userId, id('jonas.weber@foundermesh.dev')));
    expect(jonas[0]).toMatchObject({ bio: 'Edited by hand', skills: ['finance'] });
    expect((await login('arjun.mehta@foundermesh.dev')).user.onboarded).toBe(true);
    expect((await searchRows(emails)).every((row) => row.name !== null)).toBe(true);

    // Once only: a further seed changes nothing.
    await database
      .update(founders)
      .set({ skills: [], bio: null })
      .where(eq(founders.userId, id('demo@foundermesh.dev')));
    await post('/dev/seed');
    expect(
      (
        await database
          .select()
          .from(founders)
          .where(eq(founders.userId, id('demo@foundermesh.dev')))
      )[0]!.skills,
    ).toEqual([]);
  });
});
