import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import type { Limiter } from './limiter';
import { enforceLimits, limitKey, RATE_LIMITS } from './policies';

/** A limiter that answers from a table and records what it was asked. */
function scriptedLimiter(answers: Record<string, number>) {
  const asked: string[] = [];
  const limiter: Limiter = {
    async hit(key) {
      asked.push(key);
      const retryAfter = answers[key] ?? 0;
      return { allowed: retryAfter === 0, retryAfter };
    },
  };
  return { limiter, asked };
}

describe('enforceLimits', () => {
  it('counts the attempt against every named limit and passes when all allow it', async () => {
    const { limiter, asked } = scriptedLimiter({});
    await enforceLimits(limiter, [
      ['loginByIp', '203.0.113.7'],
      ['loginByEmail', 'ada@example.com'],
    ]);
    expect(asked).toEqual([limitKey('loginByIp', '203.0.113.7'), limitKey('loginByEmail', 'ada@example.com')]);
  });

  it('throws the 429 with the longest wait, in minutes and in the Retry-After header', async () => {
    const { limiter } = scriptedLimiter({ [limitKey('loginByIp', 'ip')]: 61, [limitKey('loginByEmail', 'e')]: 250 });
    const error = await enforceLimits(limiter, [
      ['loginByIp', 'ip'],
      ['loginByEmail', 'e'],
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({ message: 'Too many attempts. Please try again in 5 minutes.', status: 429, data: { retryAfter: 250 } });
    expect((error as ApiError).headers).toEqual({ 'Retry-After': '250' });
  });

  it('says "1 minute" for waits under a minute', async () => {
    const { limiter } = scriptedLimiter({ [limitKey('resendByEmail', 'e')]: 20 });
    await expect(enforceLimits(limiter, [['resendByEmail', 'e']])).rejects.toThrow('Please try again in 1 minute.');
  });

  it('holds the limits the issue sets', () => {
    expect(RATE_LIMITS).toMatchObject({
      loginByIp: { limit: 25, windowSeconds: 300 },
      loginByEmail: { limit: 25, windowSeconds: 300 },
      registerByIp: { limit: 10, windowSeconds: 3600 },
      registerByEmail: { limit: 3, windowSeconds: 3600 },
      resetByIp: { limit: 20, windowSeconds: 1800 },
      resetByEmail: { limit: 5, windowSeconds: 1800 },
      verifyByEmail: { limit: 10, windowSeconds: 900 },
      resendByEmail: { limit: 5, windowSeconds: 3600 },
    });
  });
});
