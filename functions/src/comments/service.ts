/**
 * Comments and replies: writing, editing and deleting them with their mentions and the
 * post's counters in one batch, and the events the notifications issue delivers
 * (never to the member who acted). Authors edit and delete their own; admins delete any.
 */
import { and, eq, sql } from 'drizzle-orm';
import { blockedIds, isBlockedBetween } from '../members/blocks';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { feedComments, feedMentions, feedReplies } from '../db/schema';
import { publishEvent } from '../events/publish';
import { ApiError } from '../errors';
import { isAdmin } from '../shared/roles';
import type { Account } from '../users/wire';
import { recountPost, recountReplies } from './counters';
import { mentionStatements, storableMentions } from './mentions';
import { COMMENT_MESSAGES as M } from './messages';
import { type CommentViewer, findComment, findReply } from './queries';
import { tagNoticesFor } from '../feed/tag-notices';
import type { Comment, Reply } from './schemas';

type D = Pick<Deps, 'db' | 'clock' | 'live' | 'limiter' | 'notifications'>;
type TextRef = { id: string; post_id: string; author_user_id: string; post_author_id: string };

/** The viewer of a signed-in account: their blocks hide people, admins may delete anything. */
export async function viewerOf(deps: Pick<Deps, 'db'>, account: Account | null): Promise<CommentViewer> {
  if (!account) return null;
  return { id: account.user.id, admin: isAdmin(account.user), hidden: await blockedIds(deps, account.user.id) };
}

async function postAuthor(deps: D, postId: string): Promise<string> {
  const [post] = await deps.db.all<{ author_user_id: string }>(sql`SELECT author_user_id FROM feed_posts WHERE id = ${postId}`);
  if (!post) throw new ApiError(404, M.postNotFound);
  return post.author_user_id;
}

async function commentRef(deps: D, commentId: string): Promise<TextRef> {
  const [row] = await deps.db.all<TextRef>(sql`
    SELECT c.id, c.post_id, c.author_user_id, p.author_user_id AS post_author_id
    FROM feed_comments c JOIN feed_posts p ON p.id = c.post_id WHERE c.id = ${commentId}`);
  if (!row) throw new ApiError(404, M.commentNotFound);
  return row;
}

async function replyRef(deps: D, commentId: string, replyId: string): Promise<TextRef> {
  const comment = await commentRef(deps, commentId);
  const [row] = await deps.db.all<TextRef>(sql`
    SELECT id, post_id, author_user_id, ${comment.post_author_id} AS post_author_id
    FROM feed_replies WHERE id = ${replyId} AND comment_id = ${commentId}`);
  if (!row) throw new ApiError(404, M.replyNotFound);
  return row;
}

async function storedMentions(deps: D, postId: string, textId: string): Promise<Set<string>> {
  const rows = await deps.db.all<{ user_id: string }>(sql`SELECT user_id FROM feed_mentions WHERE post_id = ${postId} AND comment_id = ${textId}`);
  return new Set(rows.map((row) => row.user_id));
}

/**
 * The newly tagged members of a text (not the writer, not those tagged before) to tell once
 * it is stored, within the limits of feed/tag-notices.ts: call it before the write, which a
 * 429 then stops.
 */
function mentionsToAnnounce(deps: D, writerId: string, postId: string, tagged: string[], before = new Set<string>()): Promise<string[]> {
  return tagNoticesFor(
    deps,
    writerId,
    postId,
    tagged.filter((id) => !before.has(id)),
  );
}

/** Tells the members `mentionsToAnnounce` chose. */
async function announceMentions(deps: D, writerId: string, postId: string, commentId: string, replyId: string | null, toTell: string[]) {
  for (const subjectId of toTell) await publishEvent(deps, { type: 'comment.mentioned', actorId: writerId, subjectId, postId, commentId, replyId });
}

/**
 * A write whose parent (post or comment) was deleted between the check and the batch
 * fails its foreign key: that is the parent's 404, not a 500.
 */
async function gone<T>(message: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes('FOREIGN KEY constraint failed')) throw new ApiError(404, message);
    throw error;
  }
}

function mustRead<T>(value: T | null, message: string): T {
  if (!value) throw new ApiError(404, message);
  return value;
}

/** Comments on a post; 403 when a block stands between the writer and the post's author. */
export async function addComment(deps: D, account: Account, input: { postId: string; text: string }): Promise<Comment> {
  const writerId = account.user.id;
  const authorId = await postAuthor(deps, input.postId);
  if (authorId !== writerId && (await isBlockedBetween(deps, writerId, authorId))) throw new ApiError(403, M.blocked);
  const id = newId();
  const at = deps.clock.now().toISOString();
  const tagged = await storableMentions(deps, writerId, input.text);
  const toTell = await mentionsToAnnounce(deps, writerId, input.postId, tagged);
  await gone(
    M.postNotFound,
    deps.db.batch([
      deps.db.insert(feedComments).values({ id, postId: input.postId, authorUserId: writerId, text: input.text, createdAt: at, updatedAt: at }),
      ...mentionStatements(deps, input.postId, id, tagged, at),
      recountPost(deps, input.postId),
    ]),
  );
  const comment = mustRead(await findComment(deps, id, await viewerOf(deps, account)), M.postNotFound);
  if (authorId !== writerId) await publishEvent(deps, { type: 'post.commented', actorId: writerId, subjectId: authorId, postId: input.postId, commentId: id });
  await announceMentions(deps, writerId, input.postId, id, null, toTell);
  return comment;
}

/** Changes the text of one's own comment (403 for anyone else's) and its mentions. */
export async function editComment(deps: D, account: Account, input: { commentId: string; text: string }): Promise<Comment> {
  const writerId = account.user.id;
  const ref = await commentRef(deps, input.commentId);
  if (ref.author_user_id !== writerId) throw new ApiError(403, M.notYourComment);
  const at = deps.clock.now().toISOString();
  const [before, tagged] = await Promise.all([storedMentions(deps, ref.post_id, ref.id), storableMentions(deps, writerId, input.text)]);
  const toTell = await mentionsToAnnounce(deps, writerId, ref.post_id, tagged, before);
  await deps.db.batch([
    deps.db.update(feedComments).set({ text: input.text, editedAt: at, updatedAt: at }).where(eq(feedComments.id, ref.id)),
    ...mentionStatements(deps, ref.post_id, ref.id, tagged, at),
  ]);
  const comment = mustRead(await findComment(deps, ref.id, await viewerOf(deps, account)), M.commentNotFound);
  await announceMentions(deps, writerId, ref.post_id, ref.id, null, toTell);
  return comment;
}

/** Deletes a comment with its replies and their mentions (author or admin); recounts the post. */
export async function deleteComment(deps: D, account: Account, input: { commentId: string }): Promise<{ deleted: true }> {
  const ref = await commentRef(deps, input.commentId);
  if (ref.author_user_id !== account.user.id && !isAdmin(account.user)) throw new ApiError(403, M.cannotDeleteComment);
  await deps.db.batch([
    deps.db
      .delete(feedMentions)
      .where(and(eq(feedMentions.postId, ref.post_id), sql`(comment_id = ${ref.id} OR comment_id IN (SELECT id FROM feed_replies WHERE comment_id = ${ref.id}))`)),
    deps.db.delete(feedReplies).where(eq(feedReplies.commentId, ref.id)),
    deps.db.delete(feedComments).where(eq(feedComments.id, ref.id)),
    recountPost(deps, ref.post_id),
  ]);
  return { deleted: true };
}

/** Replies to a comment; 403 when a block stands between the writer and the post's or comment's author. */
export async function addReply(deps: D, account: Account, input: { commentId: string; text: string }): Promise<Reply> {
  const writerId = account.user.id;
  const comment = await commentRef(deps, input.commentId);
  if (comment.post_author_id !== writerId && (await isBlockedBetween(deps, writerId, comment.post_author_id))) throw new ApiError(403, M.blocked);
  if (comment.author_user_id !== writerId && (await isBlockedBetween(deps, writerId, comment.author_user_id))) throw new ApiError(403, M.blockedReply);
  const id = newId();
  const at = deps.clock.now().toISOString();
  const tagged = await storableMentions(deps, writerId, input.text);
  const toTell = await mentionsToAnnounce(deps, writerId, comment.post_id, tagged);
  await gone(
    M.commentNotFound,
    deps.db.batch([
      deps.db.insert(feedReplies).values({ id, commentId: comment.id, postId: comment.post_id, authorUserId: writerId, text: input.text, createdAt: at, updatedAt: at }),
      ...mentionStatements(deps, comment.post_id, id, tagged, at),
      recountReplies(deps, comment.id),
      recountPost(deps, comment.post_id),
    ]),
  );
  const reply = mustRead(await findReply(deps, id, await viewerOf(deps, account)), M.commentNotFound);
  if (comment.author_user_id !== writerId) {
    await publishEvent(deps, { type: 'comment.replied', actorId: writerId, subjectId: comment.author_user_id, postId: comment.post_id, commentId: comment.id, replyId: id });
  }
  await announceMentions(deps, writerId, comment.post_id, comment.id, id, toTell);
  return reply;
}

/** Changes the text of one's own reply (403 for anyone else's) and its mentions. */
export async function editReply(deps: D, account: Account, input: { commentId: string; replyId: string; text: string }): Promise<Reply> {
  const writerId = account.user.id;
  const ref = await replyRef(deps, input.commentId, input.replyId);
  if (ref.author_user_id !== writerId) throw new ApiError(403, M.notYourReply);
  const at = deps.clock.now().toISOString();
  const [before, tagged] = await Promise.all([storedMentions(deps, ref.post_id, ref.id), storableMentions(deps, writerId, input.text)]);
  const toTell = await mentionsToAnnounce(deps, writerId, ref.post_id, tagged, before);
  await deps.db.batch([
    deps.db.update(feedReplies).set({ text: input.text, editedAt: at, updatedAt: at }).where(eq(feedReplies.id, ref.id)),
    ...mentionStatements(deps, ref.post_id, ref.id, tagged, at),
  ]);
  const reply = mustRead(await findReply(deps, ref.id, await viewerOf(deps, account)), M.replyNotFound);
  await announceMentions(deps, writerId, ref.post_id, input.commentId, ref.id, toTell);
  return reply;
}

/** Deletes a reply and its mentions (author or admin); recounts the comment and the post. */
export async function deleteReply(deps: D, account: Account, input: { commentId: string; replyId: string }): Promise<{ deleted: true }> {
  const ref = await replyRef(deps, input.commentId, input.replyId);
  if (ref.author_user_id !== account.user.id && !isAdmin(account.user)) throw new ApiError(403, M.cannotDeleteReply);
  await deps.db.batch([
    deps.db.delete(feedMentions).where(and(eq(feedMentions.postId, ref.post_id), eq(feedMentions.commentId, ref.id))),
    deps.db.delete(feedReplies).where(eq(feedReplies.id, ref.id)),
    recountReplies(deps, input.commentId),
    recountPost(deps, ref.post_id),
  ]);
  return { deleted: true };
}
