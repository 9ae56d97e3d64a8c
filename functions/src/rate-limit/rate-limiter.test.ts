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
});
