/**
 * Route middleware for the per-member flood limits of policies.ts, for routes of a guarded group
 * (`routesFor(MEMBERS)`, session/guards.ts), whose guards run first:
 * it counts the request against the signed-in member's limit before the body is read or any
 * work is done, and answers 429 with `Retry-After` past it. The benches, which time sends
 * rather than people, lift these limits with `BENCH_LIFTS_FLOOD_LIMITS=true`, obeyed only in
 * development (docs/configuration.md).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { enforceLimits, type RATE_LIMITS } from '../rate-limit/policies';

/** Counts each request against `name` for the member; `what` names the requests in the 429 message. */
export function limitPerMember(name: keyof typeof RATE_LIMITS, what: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const lifted = c.get('deps').config.isDevelopment && (c.env as { BENCH_LIFTS_FLOOD_LIMITS?: string }).BENCH_LIFTS_FLOOD_LIMITS === 'true';
    if (lifted) return next();
    await enforceLimits(c.get('deps').limiter, [[name, c.get('account').user.id]], what);
    await next();
  });
}
