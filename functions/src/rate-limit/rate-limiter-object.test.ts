import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const limiterFor = () => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));

describe('the RateLimiter Durable Object', () => {
  it('accepts up to the limit, then refuses with the seconds left in the window', async () => {
    const limiter = limiterFor();
    expect(await limiter.hit(2, 60)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.hit(2, 60)).toEqual({ allowed: true, retryAfter: 0 });
    const refused = await limiter.hit(2, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(55);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });

  it('peeks at what a hit would answer without recording one', async () => {
    const limiter = limiterFor();
    const now = Date.now();
    expect(await limiter.peek(1, 3600, now)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.peek(1, 3600, now)).toEqual({ allowed: true, retryAfter: 0 });
    expect((await limiter.hit(1, 3600, now)).allowed).toBe(true);
    expect(await limiter.peek(1, 3600, now + 600_000)).toEqual({ allowed: false, retryAfter: 3000 });
    expect(await limiter.hit(1, 3600, now + 600_000)).toEqual({ allowed: false, retryAfter: 3000 });
    expect(await limiter.peek(1, 3600, now + 3_600_001)).toEqual({ allowed: true, retryAfter: 0 });
    await runDurableObjectAlarm(limiter);
  });

  it('keeps one count per key', async () => {
    const first = limiterFor();
    await first.hit(1, 60);
    expect((await first.hit(1, 60)).allowed).toBe(false);
    expect((await limiterFor().hit(1, 60)).allowed).toBe(true);
  });

  it('accepts again once the oldest attempt has left the window', async () => {
    const limiter = limiterFor();
    expect((await limiter.hit(1, 1)).allowed).toBe(true);
    expect((await limiter.hit(1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit(1, 1)).allowed).toBe(true);
  });

  it('forgets everything when its alarm fires after the last window', async () => {
    const limiter = limiterFor();
    await limiter.hit(1, 3600);
    expect((await limiter.hit(1, 3600)).allowed).toBe(false);
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    expect((await limiter.hit(1, 3600)).allowed).toBe(true);
    await runDurableObjectAlarm(limiter);
  });

  it('counts a hit of cost n as n attempts, refusing one that does not fit until enough have expired', async () => {
    const limiter = limiterFor();
    const start = Date.now();
    expect(await limiter.hit(5, 60, start, 3)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.hit(5, 60, start + 10_000, 1)).toEqual({ allowed: true, retryAfter: 0 });
    // 4 recorded: a cost of 2 waits for the first three (at `start`) to leave the window.
    expect(await limiter.hit(5, 60, start + 20_000, 2)).toEqual({ allowed: false, retryAfter: 40 });
    expect((await limiter.hit(5, 60, start + 20_000, 1)).allowed).toBe(true);
    expect((await limiter.hit(5, 60, start + 60_001, 2)).allowed).toBe(true);
  });

  it('refunds the newest attempt, freeing its slot', async () => {
    const limiter = limiterFor();
    expect((await limiter.hit(1, 60)).allowed).toBe(true);
    await limiter.refund();
    expect((await limiter.hit(1, 60)).allowed).toBe(true);
    expect((await limiter.hit(1, 60)).allowed).toBe(false);
  });
});

describe('the RateLimiter backoff', () => {
  const rule = { freeFailures: 2, baseDelaySeconds: 10, maxDelaySeconds: 40, forgetAfterSeconds: 3600 };
  const start = Date.now();
  const at = (seconds: number) => start + seconds * 1000;

  it('lets the free failures through, then locks for a delay that doubles up to its cap', async () => {
    const limiter = limiterFor();
    expect(await limiter.backoff(rule, at(0))).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.backoff(rule, at(0))).toEqual({ allowed: true, retryAfter: 0 });
    expect(await limiter.backoff(rule, at(0))).toEqual({ allowed: false, retryAfter: 10 });
    expect(await limiter.backoff(rule, at(9))).toEqual({ allowed: false, retryAfter: 1 });
    expect((await limiter.backoff(rule, at(10))).allowed).toBe(true);
    expect(await limiter.backoff(rule, at(10))).toEqual({ allowed: false, retryAfter: 20 });
    expect((await limiter.backoff(rule, at(30))).allowed).toBe(true);
    expect(await limiter.backoff(rule, at(30))).toEqual({ allowed: false, retryAfter: 40 });
    expect((await limiter.backoff(rule, at(70))).allowed).toBe(true);
    expect(await limiter.backoff(rule, at(70))).toEqual({ allowed: false, retryAfter: 40 });
  });

  it('forgets the failures when cleared, and those older than forgetAfterSeconds', async () => {
    const cleared = limiterFor();
    await cleared.backoff(rule, at(0));
    await cleared.backoff(rule, at(0));
    await cleared.clear();
    expect((await cleared.backoff(rule, at(0))).allowed).toBe(true);

    const aged = limiterFor();
    await aged.backoff(rule, at(0));
    await aged.backoff(rule, at(0));
    expect((await aged.backoff(rule, at(3601))).allowed).toBe(true);
    await runDurableObjectAlarm(aged);
  });
});
