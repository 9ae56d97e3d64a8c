/**
 * What members do to posts besides writing them: like (idempotent), vote (once per
 * poll), delete (author or admin), pin (admins). Likes and votes are one D1 batch each:
 * a conditional insert or delete, then the counter recomputed from the rows, so any
 * number of concurrent clicks leaves the counters equal to the rows.
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { runBatch } from '../db/batch';
import { feedPostMedia, feedPosts } from '../db/schema';
import { publishEvent } from '../events/publish';
import { ApiError, fieldError } from '../errors';
import { blockedEitherWay } from '../members/blocks';
import type { Account } from '../users/wire';
import { deleteMedia } from './media-store';
import { FEED_MESSAGES as M } from './messages';
import { loadPolls, viewerOf } from './read';
import type { Poll } from './schemas';

type PostRef = { id: string; slug: string; author: string };

/** The post if the viewer may see it: it exists and no block stands between them and its author. */
export async function visiblePost(deps: Pick<Deps, 'db'>, postId: string, viewerId: string): Promise<PostRef> {
  const [row] = await deps.db.all<PostRef>(sql`
    SELECT p.id, p.slug, p.author_user_id AS author FROM feed_posts p WHERE p.id = ${postId}
      AND NOT ${blockedEitherWay(sql`p.author_user_id`, viewerId)}`);
  if (!row) throw new ApiError(404, M.postNotFound);
  return row;
}

/** Likes or unlikes a post; doing it twice changes nothing. Answers the state and the count. */
export async function setLike(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>,
  userId: string,
  postId: string,
  liked: boolean,
): Promise<{ likedByUser: boolean; likeCount: number }> {
  const post = await visiblePost(deps, postId, userId);
  const at = deps.clock.now().toISOString();
  const change = liked
    ? sql`INSERT OR IGNORE INTO feed_likes (post_id, user_id, created_at) SELECT id, ${userId}, ${at} FROM feed_posts WHERE id = ${postId}`
    : sql`DELETE FROM feed_likes WHERE post_id = ${postId} AND user_id = ${userId}`;
  const [changed, , counted] = await runBatch<{ like_count: number }>(deps.db, [
    change,
    sql`UPDATE feed_posts SET like_count = (SELECT count(*) FROM feed_likes WHERE post_id = ${postId}) WHERE id = ${postId}`,
    sql`SELECT like_count FROM feed_posts WHERE id = ${postId}`,
  ]);
  const row = counted!.results[0];
  if (!row) throw new ApiError(404, M.postNotFound);
  if (liked && changed!.meta.changes > 0 && post.author !== userId) {
    await publishEvent(deps, { type: 'post.liked', actorId: userId, subjectId: post.author, postId, slug: post.slug });
  }
  return { likedByUser: liked, likeCount: row.like_count };
}

type OptionRow = { poll_id: string; post_id: string; closes_at: string | null };

/**
 * Votes for an option of a poll: once per member and poll (409), not after it closed
 * (409), and only for an option of that poll (404). Answers the poll with the vote.
 */
export async function vote(deps: Pick<Deps, 'db' | 'clock'>, userId: string, pollId: string, optionId: string): Promise<Poll> {
  const [option] = await deps.db.all<OptionRow>(sql`
    SELECT pl.id AS poll_id, pl.post_id, pl.closes_at FROM feed_poll_options o JOIN feed_polls pl ON pl.id = o.poll_id
    WHERE o.id = ${optionId} AND o.poll_id = ${pollId}`);
  if (!option) throw new ApiError(404, M.optionNotFound);
  await visiblePost(deps, option.post_id, userId);
  const now = deps.clock.now().toISOString();
  if (option.closes_at !== null && option.closes_at <= now) throw fieldError(409, M.pollClosed, { pollId: M.pollClosed });
  const [inserted] = await runBatch(deps.db, [
    sql`INSERT OR IGNORE INTO feed_poll_votes (poll_id, user_id, option_id, created_at)
      SELECT ${pollId}, ${userId}, ${optionId}, ${now} FROM feed_polls
      WHERE id = ${pollId} AND (closes_at IS NULL OR closes_at > ${now})`,
    sql`UPDATE feed_poll_options SET vote_count = (SELECT count(*) FROM feed_poll_votes v WHERE v.option_id = feed_poll_options.id)
      WHERE poll_id = ${pollId}`,
  ]);
  if (inserted!.meta.changes === 0) throw fieldError(409, M.alreadyVoted, { pollId: M.alreadyVoted });
  return (await loadPolls(deps, [option.post_id], userId)).get(option.post_id)!;
}

/** Deletes a post (its author or an admin) with its media in R2. */
export async function deletePost(deps: Pick<Deps, 'db'> & { media: R2Bucket }, account: Account, postId: string): Promise<{ deleted: true }> {
  const viewer = viewerOf(account)!;
  const post = await visiblePost(deps, postId, viewer.userId).catch(async (error: unknown) => {
    // An admin may delete a post whatever blocks stand between them and its author.
    if (!viewer.admin) throw error;
    const [row] = await deps.db.select({ id: feedPosts.id, slug: feedPosts.slug, author: feedPosts.authorUserId }).from(feedPosts).where(eq(feedPosts.id, postId));
    if (!row) throw error;
    return row;
  });
  if (post.author !== viewer.userId && !viewer.admin) throw new ApiError(403, M.cannotDelete);
  const media = await deps.db.select({ key: feedPostMedia.r2Key }).from(feedPostMedia).where(eq(feedPostMedia.postId, postId));
  await deps.db.delete(feedPosts).where(eq(feedPosts.id, postId));
  await deleteMedia(
    deps.media,
    media.map((row) => row.key),
  );
  return { deleted: true };
}
