import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, get, signedInMember } from '../../test/api';
import { db } from '../db/client';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const HOURS = {
  timeZone: 'Europe/Berlin',
  weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }],
  sessionLengths: [30],
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 0,
  weeklyCap: null,
  daysOff: [],
  topics: [],
  meetingLink: null,
  needsApproval: false,
  published: true,
};

// GeoNames rows as scripts/cities.mjs loads them.
const SYDNEY = { id: 2147714, name: 'Sydney', country: 'AU', countryName: 'Australia', latitude: -33.86785, longitude: 151.20732 };
const KOLKATA = { id: 1275004, name: 'Kolkata', country: 'IN', countryName: 'India', latitude: 22.56263, longitude: 88.36304 };

/** A member (founder or advisor) whose profile names the city. */
async function memberIn(city: typeof SYDNEY, memberType: 'founder' | 'advisor' = 'founder'): Promise<Member> {
  const member = await signedInMember({ memberType });
  await db(env).run(sql`INSERT OR IGNORE INTO cities (id, name, search_key, country_code, country_name, population, latitude, longitude)
    VALUES (${city.id}, ${city.name}, ${city.name.toLowerCase()}, ${city.country}, ${city.countryName}, 1000000, ${city.latitude}, ${city.longitude})`);
  const table = memberType === 'founder' ? sql.raw('founders') : sql.raw('advisors');
  await db(env).run(sql`UPDATE ${table} SET city_id = ${city.id}, city_name = ${city.name} WHERE user_id = ${member.user.id}`);
  return member;
}

const own = async (member: Member) => bodyOf(await get('/office-hours', { token: member.jwt }));
const save = (member: Member, body: unknown) => call('PUT', '/office-hours', body, { token: member.jwt });

describe('the time zone of office hours', () => {
  it('starts from the city on the profile, and stays what the member saves', async () => {
    const advisor = await memberIn(SYDNEY, 'advisor');
    expect(await own(advisor)).toEqual(expect.objectContaining({ timeZone: 'Australia/Sydney', suggestedTimeZone: 'Australia/Sydney', updatedAt: null }));
    expect((await save(advisor, HOURS)).status).toBe(200);
    expect(await own(advisor)).toEqual(expect.objectContaining({ timeZone: 'Europe/Berlin', suggestedTimeZone: 'Australia/Sydney' }));
  });

  it('is UTC, with no suggestion, for a member who named no city', async () => {
    expect(await own(await signedInMember())).toEqual(expect.objectContaining({ timeZone: 'UTC', suggestedTimeZone: null }));
  });

  it('is offered to a guest looking at a host’s slots, and to no visitor', async () => {
    const hostMember = await signedInMember({ memberType: 'advisor' });
    expect((await save(hostMember, HOURS)).status).toBe(200);
    const guest = await memberIn(KOLKATA);
    expect((await bodyOf(await get(`/office-hours/${hostMember.user.id}/slots`, { token: guest.jwt }))).yourTimeZone).toBe('Asia/Kolkata');
    expect((await bodyOf(await get(`/office-hours/${hostMember.user.id}/slots`))).yourTimeZone).toBeNull();
  });
});

describe('the generated video room', () => {
  it('is made when chosen, kept across saves, and given up for the host’s own link', async () => {
    const hostMember = await signedInMember({ memberType: 'advisor' });
    const chosen = await bodyOf(await save(hostMember, { ...HOURS, videoRoom: true, meetingLink: 'https://meet.example/ignored' }));
    expect(chosen.videoRoom).toBe(true);
    expect(chosen.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/foundermesh-[a-z0-9]{26}$/);
    const again = await bodyOf(await save(hostMember, { ...HOURS, videoRoom: true, topics: ['Hiring'] }));
    expect(again.meetingLink).toBe(chosen.meetingLink);

    const own = await bodyOf(await save(hostMember, { ...HOURS, videoRoom: false, meetingLink: 'https://meet.example/mine' }));
    expect(own).toEqual(expect.objectContaining({ videoRoom: false, meetingLink: 'https://meet.example/mine' }));
    const fresh = await bodyOf(await save(hostMember, { ...HOURS, videoRoom: true }));
    expect(fresh.meetingLink).not.toBe(chosen.meetingLink);
  });

  it('refuses a videoRoom that is not true or false, naming the field', async () => {
    const hostMember = await signedInMember({ memberType: 'advisor' });
    const response = await save(hostMember, { ...HOURS, videoRoom: 'yes' });
    expect(response.status).toBe(400);
    expect(Object.keys((await bodyOf(response)).data.fields)).toContain('videoRoom');
  });
});
