/**
 * What Premium unlocks, decided here and nowhere else: who is Premium (docs/product.md#roles), how
 * much of "who viewed me" a member sees, and whether and how many message requests a
 * member may send this month. Other domains ask these functions; they never test
 * `role.type` or a premium flag themselves.
 */
import type { Account } from '../users/wire';
import { isPremium } from '../shared/roles';

/** How far back the profile viewer lists look, for everyone. */
export const VIEWS_WINDOW_DAYS = 90;
/** How many of the most recent viewers a free member sees (Premium: every one in the window). */
export const FREE_VIEWERS = 3;

const DAY_MS = 86_400_000;

/** The premium facts of an account: its user's `role.type` and its founder record's flag. */
type PremiumFacts = Pick<Account, 'user' | 'founder'>;

/** Whether the account is Premium by docs/product.md#roles: `role.type` premium, or the founder's premium flag. */
export function accountIsPremium({ user, founder }: PremiumFacts): boolean {
  return isPremium({ role: { type: user.roleType }, founder: founder ? { premium: founder.premium } : null });
}

/** The same rule over the two stored columns (`users.role_type`, `founders.premium`), for lists of members. */
export function rowIsPremium(roleType: string | null | undefined, founderPremium: number | boolean | null | undefined): boolean {
  return isPremium({ role: { type: roleType ?? null }, founder: { premium: founderPremium === true || founderPremium === 1 } });
}

/** The first moment the viewer lists still count. */
export function viewsWindowStart(now: Date): Date {
  return new Date(now.getTime() - VIEWS_WINDOW_DAYS * DAY_MS);
}

/** How many viewers a member sees of the `asked` they asked for: all for Premium, FREE_VIEWERS at most for free members. */
export function viewersShown(premium: boolean, asked: number): number {
  return premium ? asked : Math.min(asked, FREE_VIEWERS);
}

/** The month a message request counts against: its UTC calendar month, and when the next one starts. */
export function allowancePeriod(now: Date): { start: Date; renewsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const renewsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, renewsAt };
}

/** A member's message request allowance this month. Free members have none. */
export type RequestAllowance = {
  premium: boolean;
  allowance: number;
  used: number;
  remaining: number;
  /** When the count starts again (ISO time, the first of next month, UTC). */
  renewsAt: string;
};

/**
 * The allowance of a member who has `used` units this month (requests sent this month and
 * not accepted: an accepted request gives its unit back). `monthly` is the configured
 * allowance (`config.messageRequestAllowance`, MESSAGE_REQUEST_ALLOWANCE, default 15).
 */
export function requestAllowance(premium: boolean, monthly: number, used: number, now: Date): RequestAllowance {
  const allowance = premium ? monthly : 0;
  return { premium, allowance, used, remaining: Math.max(0, allowance - used), renewsAt: allowancePeriod(now).renewsAt.toISOString() };
}
