import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, sessionToken, signedInMember } from '../../test/api';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { users } from '../db/schema';
import { issueToken, tokenTerm } from '../session/token';

const AUTH_REQUIRED = { message: 'Authentication required.', status: 401, data: null };
const SESSION_EXPIRED = { message: 'Your session has expired. Please sign in again.', status: 401, data: null };

describe('GET /auth/me', () => {
  it('answers the signed-in user with its founder profile', async () => {
    const member = await signedInMember({ tagline: 'Building things' });
    const response = await get('/auth/me', { token: member.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({
      _id: member.user.id,
      email: member.user.email,
      profile: { _id: member.founder!.id, slug: member.founder!.slug, tagline: 'Building things' },
      founder: { premium: false },
      advisor: null,
    });
  });

  it('answers an advisor with the advisor record, and accepts profileQuery=advisor', async () => {
    const member = await signedInMember({ memberType: 'advisor', firstName: 'Barbara', lastName: 'Liskov', position: 'Professor' });
    const response = await get('/auth/me?profileQuery=advisor', { token: member.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toMatchObject({ profile: null, founder: null, advisor: { name: 'Barbara Liskov', position: 'Professor' } });
  });

  it('refuses an unknown profileQuery value, naming the parameter', async () => {
    const member = await signedInMember();
    const response = await get('/auth/me?profileQuery=investor', { token: member.jwt });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ profileQuery: 'must be one of: advisor, founder' });
  });
});

describe('requireUser', () => {
  it('asks for authentication when there is no Bearer token', async () => {
    expect(await bodyOf(await get('/auth/me'))).toEqual(AUTH_REQUIRED);
    const basic = await get('/auth/me', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(await bodyOf(basic)).toEqual(AUTH_REQUIRED);
  });

  it('refuses a garbled token or one signed with another secret', async () => {
    const member = await signedInMember();
    for (const token of [
      'garbage',
      `${member.jwt.slice(0, -4)}AAAA`,
      await issueToken(member.user, tokenTerm('0123456789abcdef01234567', fixedClock(new Date())), 'another-secret'),
    ]) {
      const response = await get('/auth/me', { token });
      expect(response.status).toBe(401);
      expect(await bodyOf(response)).toEqual(SESSION_EXPIRED);
    }
  });

  it('refuses a token made 8 days ago', async () => {
    const member = await signedInMember();
    const eightDaysAgo = fixedClock(new Date(Date.now() - 8 * 86_400_000));
    const response = await get('/auth/me', { token: await sessionToken(member.user, eightDaysAgo) });
    expect(response.status).toBe(401);
    expect(await bodyOf(response)).toEqual(SESSION_EXPIRED);
  });

  it('refuses a token whose version the account has moved past', async () => {
    const member = await signedInMember();
    await db(env)
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, member.user.id));
    expect(await bodyOf(await get('/auth/me', { token: member.jwt }))).toEqual({ ...SESSION_EXPIRED, data: { reason: 'expired' } });
  });

  it('refuses the token of a deleted account', async () => {
    const member = await signedInMember();
    await db(env).delete(users).where(eq(users.id, member.user.id));
    expect(await bodyOf(await get('/auth/me', { token: member.jwt }))).toEqual(SESSION_EXPIRED);
  });

  it('answers the generic 500, never an unsigned session, when JWT_SECRET is missing', async () => {
    const member = await signedInMember();
    const withoutSecret = { ...env, JWT_SECRET: '' } as Env;
    const response = await get('/auth/me', { token: member.jwt, env: withoutSecret });
    expect(response.status).toBe(500);
    expect(await bodyOf(response)).toEqual({ message: 'Something went to wrong', status: 500, data: null });
  });
});
