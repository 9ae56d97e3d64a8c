import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { ConfigurationError } from '../errors';
import type { Clock } from '../clock';
import { issueToken, readToken, TOKEN_LIFETIME_SECONDS, tokenTerm } from './token';

const SECRET = 'a-test-secret-that-is-long-enough';
const USER = { id: '0123456789abcdef01234567', userRole: 'member', tokenVersion: 3 };
const DAY_MS = 86_400_000;
const SID = '89abcdef0123456789abcdef';
const sign7days = (clock: Clock, secret: string | null = SECRET) => issueToken(USER, tokenTerm(SID, clock), secret);

describe('session tokens', () => {
  it('carry the user id, role, token version and session id, valid for 7 days', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const claims = await readToken(await sign7days(clock), SECRET, clock);
    const iat = Date.parse('2026-03-01T12:00:00Z') / 1000;
    expect(claims).toEqual({ sub: USER.id, id: USER.id, role: 'member', ver: 3, sid: SID, iat, exp: iat + TOKEN_LIFETIME_SECONDS });
  });

  it('are refused once the 7 days are over', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const token = await sign7days(clock);
    clock.set(new Date(clock.now().getTime() + 7 * DAY_MS - 1000));
    expect(await readToken(token, SECRET, clock)).not.toBeNull();
    clock.set(new Date(clock.now().getTime() + 1000));
    expect(await readToken(token, SECRET, clock)).toBeNull();
  });

  it('are refused when signed with another secret, garbled or of another algorithm', async () => {
    const clock = fixedClock(new Date());
    const token = await sign7days(clock);
    expect(await readToken(token, 'another-secret', clock)).toBeNull();
    expect(await readToken('not.a.jwt', SECRET, clock)).toBeNull();
    expect(await readToken(`${token}x`, SECRET, clock)).toBeNull();
    const hs512 = await sign({ sub: USER.id, ver: 3, iat: 1, exp: 2 ** 40 }, SECRET, 'HS512');
    expect(await readToken(hs512, SECRET, clock)).toBeNull();
  });

  it('are refused when the claims were changed or the header names no algorithm (alg none)', async () => {
    const clock = fixedClock(new Date());
    const [header, , signature] = (await sign7days(clock)).split('.');
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const forged = part({ sub: 'ffffffffffffffffffffffff', id: 'ffffffffffffffffffffffff', role: 'admin', ver: 3, iat: 1, exp: 2 ** 40 });
    expect(await readToken(`${header}.${forged}.${signature}`, SECRET, clock)).toBeNull();
    expect(await readToken(`${part({ alg: 'none', typ: 'JWT' })}.${forged}.`, SECRET, clock)).toBeNull();
  });

  it('read the standard HS256 tokens other libraries sign', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const iat = Date.parse('2026-03-01T12:00:00Z') / 1000;
    const claims = { sub: USER.id, id: USER.id, role: 'member', ver: 3, sid: SID, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
    expect(await readToken(await sign(claims, SECRET, 'HS256'), SECRET, clock)).toEqual(claims);
  });

  it('are refused without a session id (tokens signed before sessions were stored)', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const iat = Date.parse('2026-03-01T12:00:00Z') / 1000;
    const claims = { sub: USER.id, id: USER.id, role: 'member', ver: 3, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
    expect(await readToken(await sign(claims, SECRET, 'HS256'), SECRET, clock)).toBeNull();
  });

  it('are never signed or checked with a missing secret', async () => {
    const clock = fixedClock(new Date());
    await expect(sign7days(clock, null)).rejects.toBeInstanceOf(ConfigurationError);
    await expect(readToken('a.b.c', '', clock)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
