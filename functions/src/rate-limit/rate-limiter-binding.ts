/** The Limiter port (ports/rate-limiter.ts) backed by one RateLimiter object per limited key. */
import type { Clock } from '../clock';
import type { Limiter } from '../ports/rate-limiter';
import type { RateLimiter } from './rate-limiter-object';

/** The Limiter backed by one RateLimiter object per key, reading the time from `clock`. */
export function rateLimiterBinding(namespace: DurableObjectNamespace<RateLimiter>, clock: Clock): Limiter {
  const objectFor = (key: string) => namespace.get(namespace.idFromName(key));
  return {
    hit: (key, rule, cost = 1) => objectFor(key).hit(rule.limit, rule.windowSeconds, clock.now().getTime(), cost),
    peek: (key, rule) => objectFor(key).peek(rule.limit, rule.windowSeconds, clock.now().getTime()),
    backoff: (key, rule) => objectFor(key).backoff(rule, clock.now().getTime()),
    refund: (key) => objectFor(key).refund(),
    clear: (key) => objectFor(key).clear(),
  };
}
