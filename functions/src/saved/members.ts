/**
 * Saved people (docs/product.md "Saved people and searches"): a member keeps others on a
 * private list with a note only they read. Saving again edits the note. A member blocked
 * either way, leaving or suspended drops out of the list as they drop out of every list.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { ApiError, invalidFields } from '../errors';
import { blockedEitherWay } from '../members/blocks';
import { isListed } from '../members/listed';
import { profileSummaries } from '../search/summaries';
import { SAVED_MESSAGES as M } from '../shared/saved-messages';
import type { SavedMember } from './schemas';

type Row = { member_id: string; note: string; created_at: string; updated_at: string };

/** The rows of `userId`'s list that are still shown (one member, or all), newest first. */
async function savedRows(deps: Pick<Deps, 'db'>, userId: string, memberId?: string): Promise<SavedMember[]> {
  const rows = await deps.db.all<Row>(sql`
    SELECT s.member_id, s.note, s.created_at, s.updated_at FROM saved_members s
    WHERE s.user_id = ${userId} ${memberId ? sql`AND s.member_id = ${memberId}` : sql``}
      AND NOT ${blockedEitherWay(userId, sql`s.member_id`)} AND ${isListed(sql`s.member_id`)}
    ORDER BY s.created_at DESC, s.member_id`);
  const summaries = await profileSummaries(
    deps,
    rows.map((row) => row.member_id),
    userId,
  );
  return rows.flatMap((row) => {
    const member = summaries.get(row.member_id);
    return member ? [{ member, note: row.note, savedAt: row.created_at, updatedAt: row.updated_at }] : [];
  });
}

/** The member's saved people, newest first (GET /saved/members). */
export const savedMembersOf = (deps: Pick<Deps, 'db'>, userId: string) => savedRows(deps, userId);

/** One saved member (GET /saved/members/{memberId}); 404 when not saved. */
export async function savedMember(deps: Pick<Deps, 'db'>, userId: string, memberId: string): Promise<SavedMember> {
  const [saved] = await savedRows(deps, userId, memberId);
  if (!saved) throw new ApiError(404, M.notSaved);
  return saved;
}

/**
 * Saves `memberId` with `note`, or replaces the note of a member already saved (PUT
 * /saved/members/{memberId}). Only onboarded, listed members with no block either way.
 */
export async function saveMember(deps: Pick<Deps, 'db' | 'clock'>, userId: string, memberId: string, note: string): Promise<SavedMember> {
  if (memberId === userId) throw invalidFields({ memberId: M.yourself });
  const at = deps.clock.now().toISOString();
  const stored = await deps.db.all<{ member_id: string }>(sql`
    INSERT INTO saved_members (user_id, member_id, note, created_at, updated_at)
    SELECT ${userId}, u.id, ${note}, ${at}, ${at} FROM users u
    WHERE u.id = ${memberId} AND u.onboarded = 1 AND ${isListed(sql`u.id`)} AND NOT ${blockedEitherWay(userId, sql`u.id`)}
    ON CONFLICT (user_id, member_id) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at
    RETURNING member_id`);
  if (stored.length === 0) throw new ApiError(404, M.memberNotFound);
  return savedMember(deps, userId, memberId);
}

/** Takes `memberId` off the list (DELETE /saved/members/{memberId}); 404 when not saved. */
export async function unsaveMember(deps: Pick<Deps, 'db'>, userId: string, memberId: string): Promise<void> {
  const removed = await deps.db.all(sql`DELETE FROM saved_members WHERE user_id = ${userId} AND member_id = ${memberId} RETURNING member_id`);
  if (removed.length === 0) throw new ApiError(404, M.notSaved);
}
