/**
 * The counters a comment change keeps exact: recounted from the rows by statements that
 * run in the same batch as the change, so concurrent writers never make them drift.
 * feed_posts.comment_count counts comments and replies; feed_comments.reply_count replies.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { feedComments, feedPosts } from '../db/schema';

/** Recounts a post's comments and replies (put it after the reply recount when both change). */
export function recountPost(deps: Pick<Deps, 'db'>, postId: string) {
  return deps.db
    .update(feedPosts)
    .set({ commentCount: sql`(SELECT count(*) + coalesce(sum(reply_count), 0) FROM feed_comments WHERE post_id = ${postId})` })
    .where(eq(feedPosts.id, postId));
}

/** Recounts a comment's replies. */
export function recountReplies(deps: Pick<Deps, 'db'>, commentId: string) {
  return deps.db
    .update(feedComments)
    .set({ replyCount: sql`(SELECT count(*) FROM feed_replies WHERE comment_id = ${commentId})` })
    .where(eq(feedComments.id, commentId));
}
