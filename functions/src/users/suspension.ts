/**
 * Member suspensions: whether a member is suspended now, until when and why, and the words
 * that tell them. A suspension is `users.suspended_at` set and `suspended_until` either null
 * (for good) or still ahead; one that has run out needs no clean-up to end.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';

/** A member's suspension as the admin area and the sign-in refusal read it. */
export type Suspension = { suspended: boolean; suspendedAt: string | null; until: string | null; reason: string | null };

type SuspensionFields = Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'suspensionReason'>;

/** The member's suspension at `now` (not suspended once `suspended_until` has passed). */
export function suspensionOf(user: SuspensionFields, now: Date): Suspension {
  const suspended = user.suspendedAt !== null && (user.suspendedUntil === null || Date.parse(user.suspendedUntil) > now.getTime());
  return suspended
    ? { suspended, suspendedAt: user.suspendedAt, until: user.suspendedUntil, reason: user.suspensionReason }
    : { suspended: false, suspendedAt: null, until: null, reason: null };
}

/** `2026-12-01 14:00 UTC`: the same for every reader, whatever their time zone. */
export function formatUntil(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** What a suspended member is told when they try to sign in or use a token. */
export function suspendedMessage(suspension: Suspension): string {
  const when = suspension.until ? `until ${formatUntil(suspension.until)}` : 'permanently';
  return `Your account is suspended ${when}. Reason: ${suspension.reason ?? 'not given'}.`;
}

/**
 * Throws when the member is suspended at `now`: `status` 403 at sign-in (the password was
 * right, the account is refused), 401 for a token (the app then signs the member out). The
 * data carries `reason: 'suspended'`, `until` and `suspensionReason` for the app to show.
 */
export function assertNotSuspended(user: SuspensionFields, now: Date, status: 401 | 403): void {
  const suspension = suspensionOf(user, now);
  if (!suspension.suspended) return;
  throw new ApiError(status, suspendedMessage(suspension), { reason: 'suspended', until: suspension.until, suspensionReason: suspension.reason });
}

/**
 * The SQL condition "this users row is suspended at `now`", for queries that leave suspended
 * members out (search, suggestions); `alias` is the users table's name in the query.
 */
export function suspendedSql(now: Date, alias = 'users'): SQL {
  const u = sql.raw(alias);
  return sql`(${u}.suspended_at IS NOT NULL AND (${u}.suspended_until IS NULL OR ${u}.suspended_until > ${now.toISOString()}))`;
}
