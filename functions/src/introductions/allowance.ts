/**
 * The weekly invitations: how many new "Interested" a member may give in a week (Premium
 * more, by configuration), and the week they count in: Monday 00:00 UTC to the next Monday.
 */
import type { Config } from '../config';

const DAY_MS = 86_400_000;

/** The UTC week around `now`: its Monday 00:00 and the next Monday's (when the invitations renew). */
export function interestWeek(now: Date): { start: Date; renewsAt: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const start = new Date(midnight - sinceMonday * DAY_MS);
  return { start, renewsAt: new Date(start.getTime() + 7 * DAY_MS) };
}

/** A member's invitations this week (GET /matching/allowance). */
export type InterestAllowance = { premium: boolean; limit: number; used: number; remaining: number; renewsAt: string };

/** The weekly limit of a free or Premium member. */
export function weeklyLimit(config: Pick<Config, 'interestsPerWeekFree' | 'interestsPerWeekPremium'>, premium: boolean): number {
  return premium ? config.interestsPerWeekPremium : config.interestsPerWeekFree;
}

/** The allowance from what was used this week. */
export function interestAllowance(limit: number, premium: boolean, used: number, now: Date): InterestAllowance {
  return { premium, limit, used, remaining: Math.max(0, limit - used), renewsAt: interestWeek(now).renewsAt.toISOString() };
}
