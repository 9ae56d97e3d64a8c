import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt';

const SECRET = 'a-test-secret-that-is-long-enough';
const CLAIMS = { sub: '0123456789abcdef01234567', ver: 1, iat: 1_700_000_000, exp: 1_700_604_800 };

describe('HS256 tokens', () => {
  it('are the standard ones: each side reads what the other signs', async () => {
    expect(await verifyJwt(await sign(CLAIMS, SECRET, 'HS256'), SECRET)).toEqual(CLAIMS);
    expect(await verify(await signJwt(CLAIMS, SECRET), SECRET, { alg: 'HS256', exp: false, iat: false })).toEqual(CLAIMS);
  });

  it('are refused when a part was changed, or the header names no algorithm of ours', async () => {
    const [header, , signature] = (await signJwt(CLAIMS, SECRET)).split('.');
    const forged = btoa(JSON.stringify({ ...CLAIMS, sub: 'ffffffffffffffffffffffff' })).replace(/=+$/, '');
    expect(await verifyJwt(`${header}.${forged}.${signature}`, SECRET)).toBeNull();
    const none = btoa(JSON.stringify({ alg: 'none', typ: 'JWT' })).replace(/=+$/, '');
    expect(await verifyJwt(`${none}.${forged}.`, SECRET)).toBeNull();
    expect(await verifyJwt('a.b', SECRET)).toBeNull();
  });
});
