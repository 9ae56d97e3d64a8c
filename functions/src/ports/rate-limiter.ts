/**
 * The port of the RateLimiter objects (rate-limit/rate-limiter-object.ts, one per limited key;
 * its binding rate-limit/rate-limiter-binding.ts): attempts counted per key. Types only.
 */

/** Whether an attempt is allowed and, when not, how many seconds to wait. */
export type HitResult = { allowed: boolean; retryAfter: number };

/**
 * A lock-out that grows: `freeFailures` attempts pass freely; from then on the n-th failure
 * locks the key for `baseDelaySeconds · 2^(n - freeFailures)`, at most `maxDelaySeconds`.
 * Failures older than `forgetAfterSeconds` no longer count.
 */
export type BackoffRule = { freeFailures: number; baseDelaySeconds: number; maxDelaySeconds: number; forgetAfterSeconds: number };

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
