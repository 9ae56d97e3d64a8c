import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, MEMBER_PASSWORD, mailTo, post, uniqueEmail, uniqueIp } from '../../test/api';
import { createApp } from '../app';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, scryptHasher } from './password';

const INVALID_CREDENTIALS = {
  message: 'Invalid email or password.',
  status: 401,
  data: { fields: { password: 'does not match this email' } },
};

// For the rate-limit tests only: dozens of attempts at full scrypt cost would be slow.
const CHEAP = { N: 16, r: 1, p: 1 };
const cheapPasswords = scryptHasher(CHEAP);
const cheapApp = createApp({ passwords: cheapPasswords });
const cheapAppAt = (at: number) => createApp({ passwords: cheapPasswords, clock: fixedClock(new Date(at)) });
const cheapHash = (password: string) => hashPassword(password, CHEAP);

describe('POST /auth/user-login', () => {
  it('signs a verified member in with a token that opens /auth/me', async () => {
    const member = await createMember();
    const response = await post('/auth/user-login', { email: ` ${member.user.email.toUpperCase()} `, password: member.password });
    expect(response.status).toBe(200);
    const { jwt, user } = await bodyOf(response);
    expect(user).toMatchObject({ _id: member.user.id, email: member.user.email, emailVerified: true });
    expect(jwt.split('.')).toHaveLength(3);
    const me = await get('/auth/me', { token: jwt });
    expect((await bodyOf(me))._id).toBe(member.user.id);
  });

  it('refuses a wrong password with the field-named 401', async () => {
    const member = await createMember();
    const response = await post('/auth/user-login', { email: member.user.email, password: 'not-the-password' });
    expect(response.status).toBe(401);
    expect(await bodyOf(response)).toEqual(INVALID_CREDENTIALS);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await post('/auth/user-login', { email: uniqueEmail('nobody'), password: 'whatever-password' });
    expect(response.status).toBe(401);
    expect(await bodyOf(response)).toEqual(INVALID_CREDENTIALS);
  });

  it('refuses an unverified member with a 403 and mails a new code, at most once a minute', async () => {
    const member = await createMember({ emailVerified: false });
    const attempt = () => post('/auth/user-login', { email: member.user.email, password: member.password });
    const response = await attempt();
    expect(response.status).toBe(403);
    expect(await bodyOf(response)).toEqual({
      message: 'Please verify your email address first. We have sent you a new code.',
      status: 403,
      data: { reason: 'email_not_verified', fields: { email: 'is not verified' } },
    });
    expect(await mailTo(member.user.email)).toHaveLength(1);

    expect((await attempt()).status).toBe(403);
    expect(await mailTo(member.user.email)).toHaveLength(1);
  });

  it('upgrades a hash made with older parameters once the password is proven', async () => {
    const member = await createMember({ passwordHash: await hashPassword('older-parameters', { N: 1024, r: 8, p: 1 }) });
    expect((await post('/auth/user-login', { email: member.user.email, password: 'older-parameters' })).status).toBe(200);
    const [row] = await db(env).select().from(users).where(eq(users.id, member.user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it('allows 25 failed sign-ins per client address in 5 minutes; the 26th gets a 429 with Retry-After', async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 25; attempt++) {
      const response = await post('/auth/user-login', { email: uniqueEmail('guess'), password: 'guess-password' }, { ip, app: cheapApp });
      expect(response.status).toBe(401);
    }
    const limited = await post('/auth/user-login', { email: uniqueEmail('guess'), password: 'guess-password' }, { ip, app: cheapApp });
    expect(limited.status).toBe(429);
    const body = await bodyOf(limited);
    expect(body).toEqual({ message: 'Too many attempts. Please try again in 5 minutes.', status: 429, data: { retryAfter: expect.any(Number) } });
    expect(body.data.retryAfter).toBeGreaterThan(240);
    expect(body.data.retryAfter).toBeLessThanOrEqual(300);
    expect(limited.headers.get('Retry-After')).toBe(String(body.data.retryAfter));
  });

  it('counts only failures: signing in right from one address many times is never refused', async () => {
    const member = await createMember({ passwordHash: await cheapHash(MEMBER_PASSWORD) });
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await post('/auth/user-login', { email: member.user.email, password: MEMBER_PASSWORD }, { ip, app: cheapApp })).status).toBe(200);
    }
  }, 30_000);

  it('does not let an attacker’s failures from one address stop the owner signing in from another', async () => {
    const member = await createMember({ passwordHash: await cheapHash(MEMBER_PASSWORD) });
    const attacker = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      statuses.push((await post('/auth/user-login', { email: member.user.email, password: 'guess-password' }, { ip: attacker, app: cheapApp })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect((await post('/auth/user-login', { email: member.user.email, password: MEMBER_PASSWORD }, { app: cheapApp })).status).toBe(200);
  }, 30_000);

  it('locks one address out of one account for a delay that doubles with each failure after five', async () => {
    const member = await createMember({ passwordHash: await cheapHash(MEMBER_PASSWORD) });
    const ip = uniqueIp();
    const start = Date.now();
    const attempt = (secondsLater: number, password = 'guess-password') =>
      post('/auth/user-login', { email: member.user.email, password }, { ip, app: cheapAppAt(start + secondsLater * 1000) });
    for (let failure = 1; failure <= 5; failure++) expect((await attempt(0)).status).toBe(401);

    let elapsed = 0;
    for (const delay of [60, 120, 240, 480]) {
      const locked = await attempt(elapsed);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('Retry-After')).toBe(String(delay));
      // Even the right password waits: this address has been guessing.
      expect((await attempt(elapsed + delay - 1, MEMBER_PASSWORD)).status).toBe(429);
      elapsed += delay;
      expect((await attempt(elapsed)).status).toBe(401);
    }
  });

  it('clears an address’s failures when it signs in with the right password', async () => {
    const member = await createMember({ passwordHash: await cheapHash(MEMBER_PASSWORD) });
    const ip = uniqueIp();
    const attempt = (password: string) => post('/auth/user-login', { email: member.user.email, password }, { ip, app: cheapApp });
    for (let failure = 1; failure <= 4; failure++) expect((await attempt('guess-password')).status).toBe(401);
    expect((await attempt(MEMBER_PASSWORD)).status).toBe(200);
    for (let failure = 1; failure <= 5; failure++) expect((await attempt('guess-password')).status).toBe(401);
    expect((await attempt('guess-password')).status).toBe(429);
  });

  it('caps failures on one account at 100 an hour from all addresses together, then refuses even the right password', async () => {
    const member = await createMember({ passwordHash: await cheapHash(MEMBER_PASSWORD) });
    const start = Date.now();
    const fromNewAddress = (minutesLater: number, password: string) =>
      post('/auth/user-login', { email: member.user.email, password }, { ip: uniqueIp(), app: cheapAppAt(start + minutesLater * 60_000) });
    // Four bursts of 25 spread over 18 minutes: under any limit that counts per 5 minutes.
    for (const minutesLater of [0, 6, 12, 18]) {
      const statuses = await Promise.all(Array.from({ length: 25 }, () => fromNewAddress(minutesLater, 'guess-password').then((response) => response.status)));
      expect(new Set(statuses)).toEqual(new Set([401]));
    }
    const capped = await fromNewAddress(24, MEMBER_PASSWORD);
    expect(capped.status).toBe(429);
    const { data } = await bodyOf(capped);
    expect(data.retryAfter).toBeGreaterThan(35 * 60);
    expect(data.retryAfter).toBeLessThanOrEqual(36 * 60);
    expect((await fromNewAddress(61, MEMBER_PASSWORD)).status).toBe(200);
  }, 60_000);
});
