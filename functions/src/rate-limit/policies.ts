/**
 * Every rate limit of the API in one table, and the check that turns a refusal into
 * the 429 answer. See docs/security.md, "Rate limits".
 */
import { ApiError } from '../errors';
import type { Limiter, RateRule } from './limiter';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  loginByIp: { limit: 25, windowSeconds: 5 * MINUTE },
  loginByEmail: { limit: 25, windowSeconds: 5 * MINUTE },
  registerByIp: { limit: 10, windowSeconds: HOUR },
  registerByEmail: { limit: 3, windowSeconds: HOUR },
  resetByIp: { limit: 20, windowSeconds: 30 * MINUTE },
  resetByEmail: { limit: 5, windowSeconds: 30 * MINUTE },
  verifyByEmail: { limit: 10, windowSeconds: 15 * MINUTE },
  resendByEmail: { limit: 5, windowSeconds: HOUR },
  changePasswordByUser: { limit: 10, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The Durable Object name for one limit and subject: `loginByIp:203.0.113.7`. */
export function limitKey(name: RateLimitName, subject: string): string {
  return `${name}:${subject}`;
}

function tooManyAttempts(retryAfter: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new ApiError(
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Counts one attempt against each named limit (in parallel) and throws the 429 when any
 * refuses, with the longest wait among them. Call it before any expensive work.
 */
export async function enforceLimits(limiter: Limiter, checks: ReadonlyArray<readonly [RateLimitName, string]>): Promise<void> {
  const results = await Promise.all(checks.map(([name, subject]) => limiter.hit(limitKey(name, subject), RATE_LIMITS[name])));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw tooManyAttempts(Math.max(...refused.map((result) => result.retryAfter)));
}
