/**
 * Account deletion: what the member sent others leaves those members' notification objects
 * (their titles name the sender). D1 and the member's mailbox say who can hold one, before the
 * deletion empties the mailbox and its batch removes the rows that tell: every notification
 * kind's receiver is on the other side of a row here or of a conversation there.
 */
import { type SQL, sql } from 'drizzle-orm';
import { dropCursor, walkMembers } from '../jobs/cursor';
import type { BatchStatement } from '../db/batch';
import type { Deps } from '../deps';

/** Members cleaned per step (one object call each); the cursor is saved after each step. */
const STEP = 100;

const jobOf = (userId: string) => `erase-notifications:${userId}`;

/**
 * Everyone the member could write with: the members of their mailbox's threads, and the other
 * side of their connections in any status and of their message requests (a partner whose first
 * message is still on its way has a thread naming the member all the same).
 */
export async function conversationPartners(deps: Pick<Deps, 'db' | 'inbox'>, userId: string): Promise<Set<string>> {
  const x = userId;
  // One query each (D1 caps the terms of a compound SELECT).
  const sources = [
    sql`SELECT receiver_id AS id FROM connections WHERE requester_id = ${x}`,
    sql`SELECT requester_id AS id FROM connections WHERE receiver_id = ${x}`,
    sql`SELECT recipient_id AS id FROM message_requests WHERE sender_id = ${x}`,
    sql`SELECT sender_id AS id FROM message_requests WHERE recipient_id = ${x}`,
  ];
  return withIdsOf(deps, sources, new Set(await deps.inbox.of(x).others()), x);
}

/** `found` with the ids each of `sources` answers (one query each, in turn), less the member's own. */
async function withIdsOf(deps: Pick<Deps, 'db'>, sources: SQL[], found: Set<string>, userId: string): Promise<Set<string>> {
  for (const source of sources) for (const row of await deps.db.all<{ id: string }>(source)) found.add(row.id);
  found.delete(userId);
  return found;
}

/**
 * Everyone who can hold a notification from the member: their conversation partners
 * (connections, requests, acceptances, messages), the authors of the posts, comments and
 * replies they liked, commented on or replied to, the members they tagged, and the subjects of
 * their recorded domain events.
 */
async function receiversOf(deps: Pick<Deps, 'db' | 'inbox'>, userId: string): Promise<Set<string>> {
  const x = userId;
  const sources = [
    sql`SELECT DISTINCT p.author_user_id AS id FROM feed_likes l JOIN feed_posts p ON p.id = l.post_id WHERE l.user_id = ${x}`,
    sql`SELECT DISTINCT p.author_user_id AS id FROM feed_comments c JOIN feed_posts p ON p.id = c.post_id WHERE c.author_user_id = ${x}`,
    sql`SELECT DISTINCT p.author_user_id AS id FROM feed_replies r JOIN feed_posts p ON p.id = r.post_id WHERE r.author_user_id = ${x}`,
    sql`SELECT DISTINCT c.author_user_id AS id FROM feed_replies r JOIN feed_comments c ON c.id = r.comment_id WHERE r.author_user_id = ${x}`,
    sql`SELECT DISTINCT m.user_id AS id FROM feed_mentions m JOIN feed_posts p ON p.id = m.post_id WHERE m.comment_id = '' AND p.author_user_id = ${x}`,
    sql`SELECT DISTINCT m.user_id AS id FROM feed_mentions m JOIN feed_comments c ON c.id = m.comment_id WHERE c.author_user_id = ${x}`,
    sql`SELECT DISTINCT m.user_id AS id FROM feed_mentions m JOIN feed_replies r ON r.id = m.comment_id WHERE r.author_user_id = ${x}`,
    sql`SELECT DISTINCT subject_id AS id FROM domain_events WHERE actor_id = ${x}`,
  ];
  return withIdsOf(deps, sources, await conversationPartners(deps, x), x);
}

/**
 * Removes the member's notifications from the object of everyone who can hold one, STEP
 * members at a time, the job's cursor (job_cursors) saved after each step (walkMembers).
 * Runs before the deletion empties the member's mailbox, and before its batch, which takes
 * `finishStatement` to forget the cursor.
 */
export async function forgetSentNotifications(deps: Pick<Deps, 'db' | 'clock' | 'notifications' | 'inbox'>, userId: string, perStep = STEP): Promise<void> {
  await walkMembers(deps, jobOf(userId), await receiversOf(deps, userId), perStep, (memberId) => deps.notifications.of(memberId).forgetSenders([userId]));
}

/** The statement of the deletion's batch that forgets the job's cursor. */
export const finishStatement = (userId: string): BatchStatement => dropCursor(jobOf(userId));
