/**
 * The demo member's notifications, made once from what the demo data already holds for
 * them: requests waiting, requests accepted, likes and comments on their posts, replies to
 * their comments, mentions, plus a password notice. Each goes through the same wording as
 * live events (events/notification-of.ts) with a stable event id, so a repeat or a race
 * stores nothing twice; the older ones are marked seen.
 */
import { eq, sql } from 'drizzle-orm';
import { fixedClock } from '../clock';
import type { Deps } from '../deps';
import { appMeta, users } from '../db/schema';
import type { DomainEvent } from '../events/types';
import { notificationOf } from '../events/notification-of';
import { passwordNotice } from '../notifications/account';
import { storeNotification } from '../notifications/notify';
import type { Notification } from '../notifications/schemas';
import { DEMO_MEMBERS } from './demo-data';
import { hasMarker } from './markers';
import { runBatch } from '../db/batch';

export const NOTIFICATIONS_SEEDED_KEY = 'demo_notifications_seeded';
/** Notifications older than this are seen already, so the badge shows a few new ones. */
const SEEN_AFTER_HOURS = 30;

type Source = {
  type: DomainEvent['type'];
  actor: string;
  at: string;
  connection_id: string | null;
  post_id: string | null;
  slug: string | null;
  comment_id: string | null;
  reply_id: string | null;
};

/** The events the demo data implies for `userId`, oldest first (one D1 batch; D1 caps compound selects). */
async function sourcesFor(deps: Pick<Deps, 'db'>, userId: string): Promise<Source[]> {
  const results = await runBatch<Source>(deps.db, [
    sql`SELECT 'connection.requested' AS type, requester_id AS actor, created_at AS at, id AS connection_id, NULL AS post_id, NULL AS slug, NULL AS comment_id, NULL AS reply_id
      FROM connections WHERE receiver_id = ${userId} AND status = 'pending'`,
    sql`SELECT 'connection.accepted' AS type, receiver_id AS actor, updated_at AS at, id AS connection_id, NULL AS post_id, NULL AS slug, NULL AS comment_id, NULL AS reply_id
      FROM connections WHERE requester_id = ${userId} AND status = 'accepted'`,
    sql`SELECT 'post.liked' AS type, l.user_id AS actor, l.created_at AS at, NULL AS connection_id, p.id AS post_id, p.slug, NULL AS comment_id, NULL AS reply_id
      FROM feed_likes l JOIN feed_posts p ON p.id = l.post_id WHERE p.author_user_id = ${userId} AND l.user_id <> ${userId}`,
    sql`SELECT 'post.commented' AS type, c.author_user_id AS actor, c.created_at AS at, NULL AS connection_id, p.id AS post_id, p.slug, c.id AS comment_id, NULL AS reply_id
      FROM feed_comments c JOIN feed_posts p ON p.id = c.post_id WHERE p.author_user_id = ${userId} AND c.author_user_id <> ${userId}`,
    sql`SELECT 'comment.replied' AS type, r.author_user_id AS actor, r.created_at AS at, NULL AS connection_id, p.id AS post_id, p.slug, c.id AS comment_id, r.id AS reply_id
      FROM feed_replies r JOIN feed_comments c ON c.id = r.comment_id JOIN feed_posts p ON p.id = r.post_id
      WHERE c.author_user_id = ${userId} AND r.author_user_id <> ${userId}`,
    sql`SELECT 'post.mentioned' AS type, p.author_user_id AS actor, m.created_at AS at, NULL AS connection_id, p.id AS post_id, p.slug, NULL AS comment_id, NULL AS reply_id
      FROM feed_mentions m JOIN feed_posts p ON p.id = m.post_id WHERE m.user_id = ${userId} AND m.comment_id = '' AND p.author_user_id <> ${userId}`,
    sql`SELECT 'comment.mentioned' AS type, coalesce(c.author_user_id, r.author_user_id) AS actor, m.created_at AS at, NULL AS connection_id, p.id AS post_id, p.slug,
        coalesce(c.id, r.comment_id) AS comment_id, r.id AS reply_id
      FROM feed_mentions m JOIN feed_posts p ON p.id = m.post_id
      LEFT JOIN feed_comments c ON c.id = m.comment_id LEFT JOIN feed_replies r ON r.id = m.comment_id
      WHERE m.user_id = ${userId} AND m.comment_id <> '' AND coalesce(c.author_user_id, r.author_user_id) <> ${userId}`,
  ]);
  return results.flatMap((result) => result.results).sort((a, b) => a.at.localeCompare(b.at));
}

/** The domain event a source row stands for. */
function eventOf(source: Source, subjectId: string): DomainEvent {
  const who = { actorId: source.actor, subjectId };
  switch (source.type) {
    case 'connection.requested':
    case 'connection.accepted':
      return { type: source.type, ...who, connectionId: source.connection_id! };
    case 'post.liked':
    case 'post.mentioned':
      return { type: source.type, ...who, postId: source.post_id!, slug: source.slug! };
    case 'post.commented':
      return { type: source.type, ...who, postId: source.post_id!, commentId: source.comment_id! };
    case 'comment.replied':
      return { type: source.type, ...who, postId: source.post_id!, commentId: source.comment_id!, replyId: source.reply_id! };
    case 'comment.mentioned':
      return { type: source.type, ...who, postId: source.post_id!, commentId: source.comment_id!, replyId: source.reply_id };
  }
}

const stableId = (source: Source, userId: string) =>
  `demo:${source.type}:${userId}:${source.actor}:${source.connection_id ?? source.reply_id ?? source.comment_id ?? source.post_id}`;

/**
 * Adds the demo member's notifications once (marker `demo_notifications_seeded`); does
 * nothing while the demo member is missing. Answers how many were stored.
 */
export async function seedMissingNotifications(deps: Pick<Deps, 'db' | 'clock' | 'notifications'>): Promise<number> {
  if (await hasMarker(deps, NOTIFICATIONS_SEEDED_KEY)) return 0;
  const [demo] = await deps.db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.email, DEMO_MEMBERS[0]!.email));
  if (!demo) return 0;
  const now = deps.clock.now();
  const written: Notification[] = [];
  for (const source of await sourcesFor(deps, demo.id)) {
    const input = await notificationOf(deps, eventOf(source, demo.id), stableId(source, demo.id));
    const at = new Date(source.at);
    const stored = input ? await storeNotification({ ...deps, clock: fixedClock(at) }, input) : null;
    if (stored) written.push(stored);
  }
  const noticeAt = new Date(now.getTime() - 3 * 86_400_000);
  const notice = await storeNotification(
    { ...deps, clock: fixedClock(noticeAt) },
    { ...passwordNotice(demo.id, 'changed'), senderId: null, eventId: `demo:account.changed:${demo.id}` },
  );
  if (notice) written.push(notice);
  // The older ones read as seen, in the demo member's object.
  const seenBefore = new Date(now.getTime() - SEEN_AFTER_HOURS * 3_600_000).toISOString();
  const box = deps.notifications.of(demo.id);
  for (const old of written.filter((item) => item.createdAt < seenBefore)) await box.markSeen(old._id);
  await deps.db.insert(appMeta).values({ key: NOTIFICATIONS_SEEDED_KEY, value: now.toISOString() }).onConflictDoNothing();
  return written.length;
}
