/**
 * What an administrator does to a reported thing: dismiss its reports, or remove the post,
 * comment or session review (the author gets a notice with the reason; a removed post is gone
 * from the feed, its page, the sitemap and search, since those all read feed_posts; a removed
 * review is hidden: kept for the record, shown nowhere and counted in no average). Each closes every open report
 * of the thing together, in one batch with its audit entry; a second admin gets a 409.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditEntry, type AuditActor } from '../audit/audit';
import type { BatchStatement } from '../db/batch';
import { feedComments, feedMentions, feedPostMedia, feedPosts, feedReplies, sessionReviews } from '../db/schema';
import type { Deps } from '../deps';
import { recountPost, recountReplies } from '../comments/counters';
import { ApiError, invalidFields } from '../errors';
import { deleteMedia } from '../feed/media-store';
import {
  closeReportsStatement,
  conflictOf,
  decisionStatement,
  hasOpenReports,
  latestDecision,
  MODERATION_MESSAGES as M,
  newDecision,
  noticeStatements,
  runDecision,
  sendNotice,
  type Target,
} from './decisions';
import { describeTargets, memberBehind, targetKey } from './targets';

/** The 409 when the thing has no open reports left: what was decided about it first. */
async function itemConflict(deps: Pick<Deps, 'db'>, target: Target) {
  return conflictOf(await latestDecision(deps, { target }), M.nothingOpen);
}

/** Dismisses every open report of the thing. */
export async function dismissReports(deps: Deps, admin: AuditActor, target: Target, input: { note?: string | null }): Promise<{ handled: true; reports: number }> {
  const { id, at } = newDecision(deps);
  const note = input.note?.trim() || null;
  const memberId = (await memberBehind(deps, target)) ?? null;
  const results = await runDecision(
    deps,
    [
      decisionStatement({ id, action: 'dismiss', target, memberId, admin, reason: note, precondition: hasOpenReports(target), at }),
      closeReportsStatement(target, id, at),
      auditEntry(deps.db, deps.clock, { admin, action: 'report.dismiss', target, note }),
    ],
    () => itemConflict(deps, target),
  );
  return { handled: true, reports: results[1]!.meta.changes };
}

/** The statements deleting a comment or a reply with what hangs on it, and recounting. */
async function commentRemoval(deps: Pick<Deps, 'db'>, commentId: string): Promise<BatchStatement[] | null> {
  const [comment] = await deps.db.select({ postId: feedComments.postId }).from(feedComments).where(eq(feedComments.id, commentId)).limit(1);
  if (comment) {
    return [
      deps.db
        .delete(feedMentions)
        .where(and(eq(feedMentions.postId, comment.postId), sql`(comment_id = ${commentId} OR comment_id IN (SELECT id FROM feed_replies WHERE comment_id = ${commentId}))`)),
      deps.db.delete(feedReplies).where(eq(feedReplies.commentId, commentId)),
      deps.db.delete(feedComments).where(eq(feedComments.id, commentId)),
      recountPost(deps, comment.postId),
    ];
  }
  const [reply] = await deps.db.select({ postId: feedReplies.postId, commentId: feedReplies.commentId }).from(feedReplies).where(eq(feedReplies.id, commentId)).limit(1);
  if (!reply) return null;
  return [
    deps.db.delete(feedMentions).where(and(eq(feedMentions.postId, reply.postId), eq(feedMentions.commentId, commentId))),
    deps.db.delete(feedReplies).where(eq(feedReplies.id, commentId)),
    recountReplies(deps, reply.commentId),
    recountPost(deps, reply.postId),
  ];
}

/** What removing each kind of thing does, what its author is told, and its audit action. */
const REMOVAL = {
  post: { title: 'Your post was removed', audit: 'post.remove' },
  comment: { title: 'Your comment was removed', audit: 'comment.remove' },
  review: { title: 'Your review was removed', audit: 'review.remove' },
} as const;

/** The statement hiding a review (it stays for the record and the export). */
function reviewRemoval(deps: Pick<Deps, 'db' | 'clock'>, reviewId: string): BatchStatement[] {
  return [
    deps.db
      .update(sessionReviews)
      .set({ hiddenAt: deps.clock.now().toISOString() })
      .where(and(eq(sessionReviews.id, reviewId), isNull(sessionReviews.hiddenAt))),
  ];
}

/**
 * Removes a reported post or comment (or reply) for good, or hides a session review, closes its open reports and tells
 * its author why. 400 naming `targetType` for members and messages; 409 when its reports were
 * already handled (or it is already gone).
 */
export async function removeContent(deps: Deps & { media: R2Bucket }, admin: AuditActor, target: Target, input: { reason: string }): Promise<{ handled: true; reports: number }> {
  if (target.type !== 'post' && target.type !== 'comment' && target.type !== 'review') throw invalidFields({ targetType: M.notRemovable });
  const info = (await describeTargets(deps, [target])).get(targetKey(target));
  if (!info) {
    const first = await latestDecision(deps, { target });
    throw first ? conflictOf(first, M.nothingOpen) : new ApiError(404, M.gone);
  }
  const { id, at } = newDecision(deps);
  const isPost = target.type === 'post';
  const mediaKeys = isPost ? (await deps.db.select({ key: feedPostMedia.r2Key }).from(feedPostMedia).where(eq(feedPostMedia.postId, target.id))).map((row) => row.key) : [];
  const removal = isPost
    ? [deps.db.delete(feedPosts).where(eq(feedPosts.id, target.id))]
    : target.type === 'review'
      ? reviewRemoval(deps, target.id)
      : await commentRemoval(deps, target.id);
  if (!removal) throw new ApiError(404, M.gone);
  const excerpt = (info.content.kind === 'post' || info.content.kind === 'comment' || info.content.kind === 'review' ? info.content.text : '').slice(0, 140);
  const notice = noticeStatements(info.memberId, REMOVAL[target.type].title, `${input.reason}${excerpt ? ` — “${excerpt}”` : ''}`, id, at);
  const results = await runDecision(
    deps,
    [
      decisionStatement({ id, action: 'remove', target, memberId: info.memberId, admin, reason: input.reason, precondition: hasOpenReports(target), at }),
      closeReportsStatement(target, id, at),
      ...removal,
      notice.statement,
      auditEntry(deps.db, deps.clock, { admin, action: REMOVAL[target.type].audit, target, note: input.reason }),
    ],
    () => itemConflict(deps, target),
  );
  if (mediaKeys.length) await deleteMedia(deps.media, mediaKeys);
  await sendNotice(deps, notice);
  return { handled: true, reports: results[1]!.meta.changes };
}
