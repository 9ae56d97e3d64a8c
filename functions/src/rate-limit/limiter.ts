/**
 * The Limiter port the domain code uses, and its Durable Object adapter.
 */
import type { HitResult, RateLimiter } from './rate-limiter';

/** A limit: at most `limit` attempts per `windowSeconds` for one key. */
export type RateRule = { limit: number; windowSeconds: number };

export type Limiter = { hit(key: string, rule: RateRule): Promise<HitResult> };

/** The Limiter backed by one RateLimiter object per key. */
export function durableObjectLimiter(namespace: DurableObjectNamespace<RateLimiter>): Limiter {
  return {
    hit(key, rule) {
      return namespace.get(namespace.idFromName(key)).hit(rule.limit, rule.windowSeconds);
    },
  };
}
