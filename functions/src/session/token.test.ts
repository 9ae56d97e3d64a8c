import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { ConfigurationError } from '../errors';
import { issueToken, readToken, TOKEN_LIFETIME_SECONDS } from './token';

const SECRET = 'a-test-secret-that-is-long-enough';
const USER = { id: '0123456789abcdef01234567', userRole: 'member', tokenVersion: 3 };
const DAY_MS = 86_400_000;

describe('session tokens', () => {
  it('carry the user id, role and token version, valid for 7 days', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const claims = await readToken(await issueToken(USER, SECRET, clock), SECRET, clock);
    const iat = Date.parse('2026-03-01T12:00:00Z') / 1000;
    expect(claims).toEqual({ sub: USER.id, id: USER.id, role: 'member', ver: 3, iat, exp: iat + TOKEN_LIFETIME_SECONDS });
  });

  it('are refused once the 7 days are over', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const token = await issueToken(USER, SECRET, clock);
    clock.set(new Date(clock.now().getTime() + 7 * DAY_MS - 1000));
    expect(await readToken(token, SECRET, clock)).not.toBeNull();
    clock.set(new Date(clock.now().getTime() + 1000));
    expect(await readToken(token, SECRET, clock)).toBeNull();
  });

  it('are refused when signed with another secret, garbled or of another algorithm', async () => {
    const clock = fixedClock(new Date());
    const token = await issueToken(USER, SECRET, clock);
    expect(await readToken(token, 'another-secret', clock)).toBeNull();
    expect(await readToken('not.a.jwt', SECRET, clock)).toBeNull();
    expect(await readToken(`${token}x`, SECRET, clock)).toBeNull();
    const hs512 = await sign({ sub: USER.id, ver: 3, iat: 1, exp: 2 ** 40 }, SECRET, 'HS512');
    expect(await readToken(hs512, SECRET, clock)).toBeNull();
  });

  it('are refused when the claims were changed or the header names no algorithm (alg none)', async () => {
    const clock = fixedClock(new Date());
    const [header, , signature] = (await issueToken(USER, SECRET, clock)).split('.');
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const forged = part({ sub: 'ffffffffffffffffffffffff', id: 'ffffffffffffffffffffffff', role: 'admin', ver: 3, iat: 1, exp: 2 ** 40 });
    expect(await readToken(`${header}.${forged}.${signature}`, SECRET, clock)).toBeNull();
    expect(await readToken(`${part({ alg: 'none', typ: 'JWT' })}.${forged}.`, SECRET, clock)).toBeNull();
  });

  it('read the standard HS256 tokens other libraries sign (tokens issued before stay valid)', async () => {
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const iat = Date.parse('2026-03-01T12:00:00Z') / 1000;
    const claims = { sub: USER.id, id: USER.id, role: 'member', ver: 3, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
    expect(await readToken(await sign(claims, SECRET, 'HS256'), SECRET, clock)).toEqual(claims);
  });

  it('are never signed or checked with a missing secret', async () => {
    const clock = fixedClock(new Date());
    await expect(issueToken(USER, null, clock)).rejects.toBeInstanceOf(ConfigurationError);
    await expect(readToken('a.b.c', '', clock)).rejects.toBeInstanceOf(ConfigurationError);
  });
});
