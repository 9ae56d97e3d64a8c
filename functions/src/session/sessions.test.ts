import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMember, get, MEMBER_PASSWORD, post, resetCodeFor, sessionToken, signedInMember } from '../../test/api';
import { systemClock } from '../clock';
import { db } from '../db/client';
import { sessions } from '../db/schema';
import { issueToken, tokenTerm } from './token';

/** The 401 of a token whose session is over, with why it ended (session/end-reasons.ts). */
const sessionEnded = (reason: string) => ({ message: 'Your session has expired. Please sign in again.', status: 401, data: { reason } });
const me = (token: string) => get('/auth/me', { token });

/** The stored sessions of a member: why each one ended, or `live`; sorted. */
async function endReasonsOf(userId: string): Promise<string[]> {
  const rows = await db(env).select({ endReason: sessions.endReason }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.endReason ?? 'live').sort();
}

describe('POST /auth/logout', () => {
  it('ends the session: the same token (or a copy of it) answers 401 from then on', async () => {
    const member = await signedInMember();
    expect((await me(member.jwt)).status).toBe(200);
    const response = await post('/auth/logout', undefined, { token: member.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ok: true, message: 'Signed out.' });
    expect(await bodyOf(await me(member.jwt))).toEqual(sessionEnded('signed_out'));
    expect((await post('/auth/logout', undefined, { token: member.jwt })).status).toBe(401);
    expect(await endReasonsOf(member.user.id)).toEqual(['signed-out']);
  });

  it("leaves the member's other sessions signed in", async () => {
    const member = await signedInMember();
    const otherDevice = await sessionToken(member.user);
    await post('/auth/logout', undefined, { token: member.jwt });
    expect((await me(otherDevice)).status).toBe(200);
  });

  it('asks for authentication', async () => {
    expect((await post('/auth/logout')).status).toBe(401);
  });
});

describe('POST /auth/logout-all', () => {
  it('ends every session of the member, and no other member’s', async () => {
    const [member, stranger] = await Promise.all([signedInMember(), signedInMember()]);
    const otherDevices = [await sessionToken(member.user), await sessionToken(member.user)];
    const response = await post('/auth/logout-all', { password: member.password }, { token: member.jwt });
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ok: true, message: 'Signed out on every device.' });
    for (const token of [member.jwt, ...otherDevices]) expect(await bodyOf(await me(token))).toEqual(sessionEnded('signed_out_everywhere'));
    expect(await endReasonsOf(member.user.id)).toEqual(['signed-out-everywhere', 'signed-out-everywhere', 'signed-out-everywhere']);
    expect((await me(stranger.jwt)).status).toBe(200);
  });

  it('asks for the current password again, and ends nothing without it (ASVS 3.3.4)', async () => {
    const member = await signedInMember();
    const missing = await post('/auth/logout-all', {}, { token: member.jwt });
    expect(missing.status).toBe(400);
    expect((await bodyOf(missing)).data.fields).toEqual({ password: 'is required' });
    const wrong = await post('/auth/logout-all', { password: 'not-my-password' }, { token: member.jwt });
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).data.fields).toEqual({ password: 'is incorrect' });
    expect((await me(member.jwt)).status).toBe(200);
    expect(await endReasonsOf(member.user.id)).toEqual(['live']);
  });

  it('leaves the member free to sign in again', async () => {
    const member = await signedInMember();
    await post('/auth/logout-all', { password: member.password }, { token: member.jwt });
    const login = await post('/auth/user-login', { email: member.user.email, password: MEMBER_PASSWORD });
    expect(login.status).toBe(200);
    expect((await me((await bodyOf(login)).jwt)).status).toBe(200);
  });
});

describe('sessions and password changes', () => {
  it('a password change ends every other session and keeps the caller’s, with a fresh token', async () => {
    const member = await signedInMember();
    const otherDevice = await sessionToken(member.user);
    const response = await post(
      '/auth/change-password',
      { currentPassword: member.password, password: 'my-new-password', passwordConfirmation: 'my-new-password' },
      { token: member.jwt },
    );
    expect(response.status).toBe(200);
    const { jwt } = await bodyOf(response);
    expect((await me(jwt)).status).toBe(200);
    expect((await me(otherDevice)).status).toBe(401);
    expect(await endReasonsOf(member.user.id)).toEqual(['live', 'password-changed']);
  });

  it('a password reset ends every session and opens a new one', async () => {
    const member = await signedInMember();
    await post('/auth/reset-password', { type: 'request', email: member.user.email });
    const code = await resetCodeFor(member.user.email);
    const response = await post('/auth/reset-password', { type: 'reset', code, password: 'a-brand-new-password', passwordConfirmation: 'a-brand-new-password' });
    expect(response.status).toBe(200);
    expect((await me((await bodyOf(response)).jwt)).status).toBe(200);
    expect((await me(member.jwt)).status).toBe(401);
    expect(await endReasonsOf(member.user.id)).toEqual(['live', 'password-reset']);
  });
});

describe('requireUser and the stored session', () => {
  it('refuses a token whose session has expired on the server', async () => {
    const member = await signedInMember();
    await db(env)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.userId, member.user.id));
    expect(await bodyOf(await me(member.jwt))).toEqual(sessionEnded('expired'));
  });

  it('refuses a well-signed token of a session that was never stored, or of another member’s session', async () => {
    const [member, other] = await Promise.all([signedInMember(), signedInMember()]);
    const [otherSession] = await db(env).select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, other.user.id));
    for (const sid of ['0123456789abcdef01234567', otherSession!.id]) {
      const token = await issueToken(member.user, tokenTerm(sid, systemClock), env.JWT_SECRET);
      expect(await bodyOf(await me(token))).toEqual(sessionEnded('expired'));
    }
  });

  it('gives each sign-in a new session, with a fresh 96-bit random id and a new token (ASVS 3.2.1, 3.2.2)', async () => {
    const member = await createMember();
    const signIn = async () => (await bodyOf(await post('/auth/user-login', { email: member.user.email, password: member.password }))).jwt as string;
    const sidOf = (jwt: string) => JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sid as string;
    const [first, second] = [await signIn(), await signIn()];
    expect(first).not.toBe(second);
    expect(sidOf(first)).toMatch(/^[0-9a-f]{24}$/);
    expect(sidOf(second)).toMatch(/^[0-9a-f]{24}$/);
    expect(sidOf(first)).not.toBe(sidOf(second));
    expect(await endReasonsOf(member.user.id)).toEqual(['live', 'live']);
  });

  it('prunes the member’s expired sessions when a new one starts', async () => {
    const member = await signedInMember();
    await db(env)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.userId, member.user.id));
    await sessionToken(member.user);
    expect(await endReasonsOf(member.user.id)).toEqual(['live']);
  });
});
