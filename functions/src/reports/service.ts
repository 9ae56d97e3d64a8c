/**
 * Reports: a member reports a member, a post, a comment (or reply), a message they received or a session review with a reason; administrators read the
 * open ones and resolve them. One open report per reporter and target: a repeat answers
 * the report already open. Each report keeps a snapshot of what it is about (reports/snapshots.ts),
 * so deleting it afterwards erases no evidence.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { findMemberCard, memberCards } from '../members/cards';
import { offsetOf, type Paged, pageOf, type PageRequest } from '../db/paging';
import type { MemberCard } from '../members/schemas';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { runBatch } from '../db/batch';
import { attachments, feedPostMedia, feedPosts, reports, type ReportRow, sessionReviews } from '../db/schema';
import { profileVisibleTo } from '../reviews/visibility';
import { ApiError, invalidFields } from '../errors';
import type { AdminReport, ReportInput, ReportReceipt, ReportStatus } from './schemas';
import { authorNameOf, type ReportedThing, snapshotStatement } from './snapshots';

export const REPORT_MESSAGES = {
  memberNotFound: 'Member not found.',
  postNotFound: 'Post not found.',
  yourself: 'cannot be yourself',
  ownPost: 'cannot be your own post',
  commentNotFound: 'Comment not found.',
  ownComment: 'cannot be your own comment',
  messageNotFound: 'Message not found.',
  ownMessage: 'cannot be your own message',
  reviewNotFound: 'Review not found.',
  ownReview: 'cannot be your own review',
} as const;

/**
 * What the reporter reports, as they see it now (for its snapshot, reports/snapshots.ts), once
 * it is known to exist and not to be the reporter's own.
 */
async function reportedThing(deps: Pick<Deps, 'db' | 'inbox'>, reporterId: string, { targetType, targetId }: ReportInput): Promise<ReportedThing> {
  if (targetType === 'member') {
    if (targetId === reporterId) throw invalidFields({ targetId: REPORT_MESSAGES.yourself });
    if (!(await findMemberCard(deps, targetId))) throw new ApiError(404, REPORT_MESSAGES.memberNotFound);
    return { authorId: targetId, text: null, media: [], writtenAt: null };
  }
  if (targetType === 'comment') {
    // A comment or a reply: both are comments to the member reporting them.
    const [comment] = await deps.db.all<{ author: string; text: string; created_at: string }>(
      sql`SELECT author_user_id AS author, text, created_at FROM feed_comments WHERE id = ${targetId}
        UNION ALL SELECT author_user_id AS author, text, created_at FROM feed_replies WHERE id = ${targetId} LIMIT 1`,
    );
    if (!comment) throw new ApiError(404, REPORT_MESSAGES.commentNotFound);
    if (comment.author === reporterId) throw invalidFields({ targetId: REPORT_MESSAGES.ownComment });
    return { authorId: comment.author, text: comment.text, media: [], writtenAt: comment.created_at };
  }
  if (targetType === 'message') {
    // Only its receiver can report a message: nobody else has read it. Their mailbox holds their
    // copy (the moderation queue reads it there, moderation/targets.ts); a stranger's holds none.
    const message = await deps.inbox.of(reporterId).message(targetId);
    if (!message || message.deleted_at !== null) throw new ApiError(404, REPORT_MESSAGES.messageNotFound);
    if (message.author_id === reporterId) throw invalidFields({ targetId: REPORT_MESSAGES.ownMessage });
    const files = message.files
      ? await deps.db.select({ key: attachments.storageKey, mime: attachments.mime, name: attachments.name }).from(attachments).where(eq(attachments.messageId, targetId))
      : [];
    return { authorId: message.author_id, text: message.body, media: files.map((file) => ({ ...file, alt: null })), writtenAt: message.created_at };
  }
  if (targetType === 'review') {
    // A review shown on a profile the reporter may see; a hidden one is already handled.
    const [review] = await deps.db
      .select()
      .from(sessionReviews)
      .where(and(eq(sessionReviews.id, targetId), isNull(sessionReviews.hiddenAt)));
    if (!review || !(await profileVisibleTo(deps, review.hostId, reporterId))) throw new ApiError(404, REPORT_MESSAGES.reviewNotFound);
    if (review.guestId === reporterId) throw invalidFields({ targetId: REPORT_MESSAGES.ownReview });
    return { authorId: review.guestId, text: `${review.rating}/5 · ${review.text}`, media: [], writtenAt: review.createdAt };
  }
  const [post] = await deps.db
    .select({ authorId: feedPosts.authorUserId, text: feedPosts.text, createdAt: feedPosts.createdAt })
    .from(feedPosts)
    .where(eq(feedPosts.id, targetId))
    .limit(1);
  if (!post) throw new ApiError(404, REPORT_MESSAGES.postNotFound);
  if (post.authorId === reporterId) throw invalidFields({ targetId: REPORT_MESSAGES.ownPost });
  const media = await deps.db
    .select({ key: feedPostMedia.r2Key, mime: feedPostMedia.mime, alt: feedPostMedia.alt })
    .from(feedPostMedia)
    .where(eq(feedPostMedia.postId, targetId))
    .orderBy(feedPostMedia.position);
  return { authorId: post.authorId, text: post.text, media: media.map((item) => ({ ...item, name: null })), writtenAt: post.createdAt };
}

/**
 * Files a report with the snapshot of what it is about, in one batch; `created` is false when
 * the reporter already had one open on that target (its snapshot stays the first one).
 */
export async function fileReport(deps: Pick<Deps, 'db' | 'clock' | 'inbox'>, reporterId: string, input: ReportInput): Promise<{ created: boolean; receipt: ReportReceipt }> {
  const thing = await reportedThing(deps, reporterId, input);
  const authorName = await authorNameOf(deps.db, thing.authorId);
  const id = newId();
  const at = deps.clock.now().toISOString();
  const [inserted] = await runBatch(deps.db, [
    deps.db
      .insert(reports)
      .values({
        id,
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        details: input.details?.trim() || null,
        status: 'open',
        createdAt: at,
      })
      .onConflictDoNothing(),
    snapshotStatement(id, { ...thing, authorName }, at),
  ]);
  if (inserted!.meta.changes === 1) return { created: true, receipt: { _id: id, status: 'open' } };

  const [open] = await deps.db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, 'open')))
    .limit(1);
  if (!open) throw new Error('a report insert conflicted but no open report was found');
  return { created: false, receipt: { _id: open.id, status: 'open' } };
}

/** Reports → the admin shape, with the reporter's card and the target's (a post's author). */
async function withCards(deps: Pick<Deps, 'db'>, rows: ReportRow[]): Promise<AdminReport[]> {
  const postIds = rows.filter((row) => row.targetType === 'post').map((row) => row.targetId);
  const posts = postIds.length ? await deps.db.select({ id: feedPosts.id, authorId: feedPosts.authorUserId }).from(feedPosts).where(inArray(feedPosts.id, postIds)) : [];
  const authorOf = new Map(posts.map((post) => [post.id, post.authorId]));
  const targetUserId = (row: ReportRow) => (row.targetType === 'member' ? row.targetId : authorOf.get(row.targetId));
  const userIds = [...new Set(rows.flatMap((row) => [row.reporterId, targetUserId(row)]).filter((id): id is string => Boolean(id)))];
  const cards = await memberCards(deps, userIds);
  const cardOf = (id: string | undefined): MemberCard | null => (id ? (cards.get(id) ?? null) : null);
  return rows.map((row) => ({
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt,
    reporter: cardOf(row.reporterId)!,
    target: cardOf(targetUserId(row)),
  }));
}

/** One page of reports in a status, newest first. */
export async function listReports(deps: Pick<Deps, 'db'>, { status, ...request }: PageRequest & { status: ReportStatus }): Promise<Paged<AdminReport>> {
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(reports).where(eq(reports.status, status)).orderBy(desc(reports.createdAt), desc(reports.id)).limit(request.limit).offset(offsetOf(request)),
    deps.db.select({ value: count() }).from(reports).where(eq(reports.status, status)),
  ]);
  return pageOf(await withCards(deps, rows), total!.value, request);
}
