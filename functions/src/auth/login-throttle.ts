/**
 * Sign-in throttling that counts failures and cannot be used to lock a member out.
 *
 * Every attempt is first counted as a failure, before the password is checked, so that a
 * burst of parallel guesses cannot slip past the counts; a correct password then takes
 * the attempt back. Three counts apply (numbers in rate-limit/policies.ts):
 * - one address against one account: a lock-out that grows with each failure, cleared by
 *   a successful sign-in, so an attacker's failures never lock out the owner's address;
 * - one account from every address: a cap on failures per hour (ASVS 2.2.1). Only when an
 *   attack reaches it is the owner refused too: the price of bounding distributed guessing;
 * - one address against every account: stops a single address spraying guesses.
 * The account is named by the normalised email, known or not, so no answer reveals it.
 */
import type { Limiter } from '../ports/rate-limiter';
import { BACKOFF_RULES, limitKey, RATE_LIMITS, tooManyAttempts } from '../rate-limit/policies';

/** An attempt counted as a failure until `succeeded` says the password was right. */
export type LoginAttempt = { succeeded(): Promise<void> };

/**
 * Counts a sign-in attempt as a failure, or throws the 429 when a count refuses it (a
 * refused attempt counts nowhere). Call it before the password hash.
 */
export async function beginLoginAttempt(limiter: Limiter, { ip, email }: { ip: string; email: string }): Promise<LoginAttempt> {
  const pairKey = limitKey('loginFailuresByIpAndAccount', `${ip} ${email}`);
  const pair = await limiter.backoff(pairKey, BACKOFF_RULES.loginFailuresByIpAndAccount);
  if (!pair.allowed) throw tooManyAttempts(pair.retryAfter);

  const counts = [
    [limitKey('loginFailuresByIp', ip), RATE_LIMITS.loginFailuresByIp],
    [limitKey('loginFailuresByAccount', email), RATE_LIMITS.loginFailuresByAccount],
  ] as const;
  const results = await Promise.all(counts.map(([key, rule]) => limiter.hit(key, rule)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    const counted = counts.filter((_, index) => results[index]!.allowed).map(([key]) => key);
    await Promise.all([pairKey, ...counted].map((key) => limiter.refund(key)));
    throw tooManyAttempts(Math.max(...refused.map((result) => result.retryAfter)));
  }

  return {
    async succeeded() {
      await Promise.all([limiter.clear(pairKey), ...counts.map(([key]) => limiter.refund(key))]);
    },
  };
}
