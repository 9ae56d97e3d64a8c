import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, mailTo, post, uniqueEmail, uniqueIp } from '../../test/api';
import { createApp } from '../app';
import { db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword, scryptHasher } from './password';

const INVALID_CREDENTIALS = {
  message: 'Invalid email or password.',
  status: 401,
  data: { fields: { password: 'does not match this email' } },
};

// For the rate-limit tests only: dozens of attempts at full scrypt cost would be slow.
const cheapApp = createApp({ passwords: scryptHasher({ N: 16, r: 1, p: 1 }) });

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

  it('allows 25 attempts per client address in 5 minutes; the 26th gets a 429 with Retry-After', async () => {
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

  it('allows 25 attempts per email in 5 minutes, from any number of addresses', async () => {
    const email = uniqueEmail('target');
    for (let attempt = 1; attempt <= 25; attempt++) {
      expect((await post('/auth/user-login', { email, password: 'guess-password' }, { app: cheapApp })).status).toBe(401);
    }
    expect((await post('/auth/user-login', { email, password: 'guess-password' }, { app: cheapApp })).status).toBe(429);
  });
});
