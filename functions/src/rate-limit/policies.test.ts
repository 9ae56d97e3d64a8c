import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import type { Limiter } from '../ports/rate-limiter';
import { BACKOFF_RULES, enforceLimits, FLOOD_LIMITS, limitKey, RATE_LIMITS } from './policies';

/** A limiter that answers from a table and records what it was asked. */
function scriptedLimiter(answers: Record<string, number>) {
  const asked: string[] = [];
  const limiter: Limiter = {
    async hit(key) {
      asked.push(key);
      const retryAfter = answers[key] ?? 0;
      return { allowed: retryAfter === 0, retryAfter };
    },
    peek: () => Promise.reject(new Error('not used by enforceLimits')),
    backoff: () => Promise.reject(new Error('not used by enforceLimits')),
    refund: () => Promise.reject(new Error('not used by enforceLimits')),
    clear: () => Promise.reject(new Error('not used by enforceLimits')),
  };
  return { limiter, asked };
}

describe('enforceLimits', () => {
  it('counts the attempt against every named limit and passes when all allow it', async () => {
    const { limiter, asked } = scriptedLimiter({});
    await enforceLimits(limiter, [
      ['registerByIp', '203.0.113.7'],
      ['registerByEmail', 'ada@example.com'],
    ]);
    expect(asked).toEqual([limitKey('registerByIp', '203.0.113.7'), limitKey('registerByEmail', 'ada@example.com')]);
  });

  it('throws the 429 with the longest wait, in minutes and in the Retry-After header', async () => {
    const { limiter } = scriptedLimiter({ [limitKey('registerByIp', 'ip')]: 61, [limitKey('registerByEmail', 'e')]: 250 });
    const error = await enforceLimits(limiter, [
      ['registerByIp', 'ip'],
      ['registerByEmail', 'e'],
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody()).toEqual({ message: 'Too many attempts. Please try again in 5 minutes.', status: 429, data: { retryAfter: 250 } });
    expect((error as ApiError).headers).toEqual({ 'Retry-After': '250' });
  });

  it('names what was refused and counts each check at its cost', async () => {
    const costs: Array<number | undefined> = [];
    const limiter: Limiter = {
      async hit(_key, _rule, cost) {
        costs.push(cost);
        return { allowed: false, retryAfter: 7200 };
      },
      peek: () => Promise.reject(new Error('not used')),
      backoff: () => Promise.reject(new Error('not used')),
      refund: () => Promise.reject(new Error('not used')),
      clear: () => Promise.reject(new Error('not used')),
    };
    await expect(enforceLimits(limiter, [['tagNoticesByMember', 'u', 4]], 'tag notifications')).rejects.toThrow('Too many tag notifications. Please try again in 2 hours.');
    expect(costs).toEqual([4]);
  });

  it('says "1 minute" for waits under a minute', async () => {
    const { limiter } = scriptedLimiter({ [limitKey('resendByEmail', 'e')]: 20 });
    await expect(enforceLimits(limiter, [['resendByEmail', 'e']])).rejects.toThrow('Please try again in 1 minute.');
  });

  it('keeps failed sign-ins per account at or under ASVS 2.2.1’s 100 an hour', () => {
    const { limit, windowSeconds } = RATE_LIMITS.loginFailuresByAccount;
    expect(limit * (3600 / windowSeconds)).toBeLessThanOrEqual(100);
    expect(BACKOFF_RULES.loginFailuresByIpAndAccount).toEqual({ freeFailures: 5, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 86400 });
  });

  it('holds the limits the issue sets', () => {
    expect(RATE_LIMITS).toMatchObject({
      loginFailuresByIp: { limit: 25, windowSeconds: 300 },
      loginFailuresByAccount: { limit: 100, windowSeconds: 3600 },
      registerByIp: { limit: 10, windowSeconds: 3600 },
      registerByEmail: { limit: 3, windowSeconds: 3600 },
      resetByIp: { limit: 20, windowSeconds: 1800 },
      resetMailsByEmail: { limit: 3, windowSeconds: 3600 },
      verifyByEmail: { limit: 10, windowSeconds: 900 },
      resendByEmail: { limit: 5, windowSeconds: 3600 },
      connectRequestsByMember: { limit: 30, windowSeconds: 3600 },
      connectRequestsToMember: { limit: 3, windowSeconds: 86400 },
      tagNoticesByMember: { limit: 50, windowSeconds: 3600 },
      uploadsByMember: { limit: 60, windowSeconds: 3600 },
      messagesByMember: { limit: 30, windowSeconds: 60 },
      reportsByMember: { limit: 20, windowSeconds: 3600 },
      checkoutsByMember: { limit: 10, windowSeconds: 3600 },
      pushDevicesByMember: { limit: 20, windowSeconds: 3600 },
    });
    expect(FLOOD_LIMITS).toEqual({ tagNoticeRepeatSeconds: 86400, pendingUploadsPerMember: 20, liveSocketsPerMember: 20, pushDevicesPerMember: 10 });
  });
});
