/**
 * Every rate limit of the API in one table, and the check that turns a refusal into
 * the 429 answer. See docs/security.md, "Rate limits".
 */
import { ApiError } from '../errors';
import type { BackoffRule, Limiter, RateRule } from './limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  // Failed sign-ins only (a correct password takes its attempt back): auth/login-throttle.ts.
  loginFailuresByIp: { limit: 25, windowSeconds: 5 * MINUTE },
  // ASVS 2.2.1: no more than 100 failed attempts an hour on one account, from all addresses.
  loginFailuresByAccount: { limit: 100, windowSeconds: HOUR },
  registerByIp: { limit: 10, windowSeconds: HOUR },
  registerByEmail: { limit: 3, windowSeconds: HOUR },
  resetByIp: { limit: 20, windowSeconds: 30 * MINUTE },
  // Mails actually sent; further requests get the usual answer and no mail (auth/reset.ts).
  resetMailsByEmail: { limit: 3, windowSeconds: HOUR },
  verifyByEmail: { limit: 10, windowSeconds: 15 * MINUTE },
  resendByEmail: { limit: 5, windowSeconds: HOUR },
  changePasswordByUser: { limit: 10, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

/** The lock-outs that grow with each failure. */
export const BACKOFF_RULES = {
  // One address guessing one account: 5 free failures, then 1, 2, 4 … minutes, at most an hour.
  loginFailuresByIpAndAccount: { freeFailures: 5, baseDelaySeconds: MINUTE, maxDelaySeconds: HOUR, forgetAfterSeconds: 24 * HOUR },
} as const satisfies Record<string, BackoffRule>;

export type RateLimitName = keyof typeof RATE_LIMITS | keyof typeof BACKOFF_RULES;

/** The Durable Object name for one limit and subject: `loginFailuresByIp:203.0.113.7`. */
export function limitKey(name: RateLimitName, subject: string): string {
  return `${name}:${subject}`;
}

/** The 429 answer: the wait in minutes in the message, in seconds in `data` and `Retry-After`. */
export function tooManyAttempts(retryAfter: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new ApiError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

/**
 * Counts one attempt against each named limit (in parallel) and throws the 429 when any
 * refuses, with the longest wait among them. Call it before any expensive work.
 */
export async function enforceLimits(limiter: Limiter, checks: ReadonlyArray<readonly [keyof typeof RATE_LIMITS, string]>): Promise<void> {
  const results = await Promise.all(checks.map(([name, subject]) => limiter.hit(limitKey(name, subject), RATE_LIMITS[name])));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw tooManyAttempts(Math.max(...refused.map((result) => result.retryAfter)));
}
