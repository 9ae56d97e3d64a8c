/**
 * The Limiter port the domain code uses, and its Durable Object adapter.
 */
import type { Clock } from '../clock';
import type { BackoffRule, HitResult, RateLimiter } from './rate-limiter';

export type { BackoffRule, HitResult };

/** A limit: at most `limit` attempts per `windowSeconds` for one key. */
export type RateRule = { limit: number; windowSeconds: number };

export type Limiter = {
  /** Records an attempt (`cost` of them: one unless told) within the rule, or refuses it with the wait. */
  hit(key: string, rule: RateRule, cost?: number): Promise<HitResult>;
  /** Whether an attempt would be accepted now, without recording one. */
  peek(key: string, rule: RateRule): Promise<HitResult>;
  /** Records an attempt unless the key's failures lock it out (a lock-out that grows). */
  backoff(key: string, rule: BackoffRule): Promise<HitResult>;
  /** Takes back the key's newest recorded attempt. */
  refund(key: string): Promise<void>;
  /** Forgets everything recorded for the key. */
  clear(key: string): Promise<void>;
};

/** The Limiter backed by one RateLimiter object per key, reading the time from `clock`. */
export function durableObjectLimiter(namespace: DurableObjectNamespace<RateLimiter>, clock: Clock): Limiter {
  const objectFor = (key: string) => namespace.get(namespace.idFromName(key));
  return {
    hit: (key, rule, cost = 1) => objectFor(key).hit(rule.limit, rule.windowSeconds, clock.now().getTime(), cost),
    peek: (key, rule) => objectFor(key).peek(rule.limit, rule.windowSeconds, clock.now().getTime()),
    backoff: (key, rule) => objectFor(key).backoff(rule, clock.now().getTime()),
    refund: (key) => objectFor(key).refund(),
    clear: (key) => objectFor(key).clear(),
  };
}
