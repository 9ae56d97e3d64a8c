/**
 * How often tags notify (docs/security.md "Floods"): a writer tells one member of a tag in
 * one post (its text, its comments and replies) once in FLOOD_LIMITS.tagNoticeRepeatSeconds,
 * however often the text is edited, re-posted or notify-tagged-users is called; and a
 * writer's tag notices are capped per hour (RATE_LIMITS.tagNoticesByMember), a write that
 * would pass the cap answering 429 before anything is stored. The notices already sent are
 * read from domain_events, where publishEvent records each one.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { enforceLimits, FLOOD_LIMITS, RATE_LIMITS } from '../rate-limit/policies';

/** What the routes that tag say of their 429 (the API reference). */
export const TAG_NOTICES_LIMITED = `Too many tag notifications: ${RATE_LIMITS.tagNoticesByMember.limit} an hour (one per tagged member told; a member you told of this post within a day is not told again). \`Retry-After\` says when to try again.`;

/** Of `memberIds`, those `writerId` may tell of a tag in `postId` now: not the writer, not told lately. */
export async function membersToTell(deps: Pick<Deps, 'db' | 'clock'>, writerId: string, postId: string, memberIds: readonly string[]): Promise<string[]> {
  const candidates = [...new Set(memberIds)].filter((id) => id !== writerId);
  if (candidates.length === 0) return [];
  const since = new Date(deps.clock.now().getTime() - FLOOD_LIMITS.tagNoticeRepeatSeconds * 1000).toISOString();
  const told = await deps.db.all<{ subject_id: string }>(sql`
    SELECT DISTINCT subject_id FROM domain_events
    WHERE subject_id IN (SELECT value FROM json_each(${JSON.stringify(candidates)})) AND created_at > ${since}
      AND actor_id = ${writerId} AND type IN ('post.mentioned', 'comment.mentioned') AND json_extract(payload, '$.postId') = ${postId}`);
  const toldIds = new Set(told.map((row) => row.subject_id));
  return candidates.filter((id) => !toldIds.has(id));
}

/** Counts `count` tag notices against the writer's hourly cap, or throws the 429 (nothing counted). */
export async function limitTagNotices(deps: Pick<Deps, 'limiter'>, writerId: string, count: number): Promise<void> {
  if (count > 0) await enforceLimits(deps.limiter, [['tagNoticesByMember', writerId, count]], 'tag notifications');
}

/** `membersToTell`, then `limitTagNotices` for them: the members to tell once the write is stored. */
export async function tagNoticesFor(deps: Pick<Deps, 'db' | 'clock' | 'limiter'>, writerId: string, postId: string, memberIds: readonly string[]): Promise<string[]> {
  const members = await membersToTell(deps, writerId, postId, memberIds);
  await limitTagNotices(deps, writerId, members.length);
  return members;
}
