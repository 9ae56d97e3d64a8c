/**
 * Creating and editing posts. Media go to R2 first; then one D1 batch writes the post
 * with its media, poll, hashtags and mentions (and on edit the replaced version into
 * feed_post_history first), so a post is never half-saved. Uploads of a failed save and
 * media an edit replaced are deleted from R2; newly tagged members hear of it, within the
 * limits of tag-notices.ts (a write over them answers 429 before anything is stored).
 */
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { newId } from '../db/ids';
import { feedHashtags, feedMentions, feedPostHistory, feedPostMedia, feedPosts } from '../db/schema';
import { publishEvent } from '../events/publish';
import { ApiError, invalidFields } from '../errors';
import type { Account } from '../users/wire';
import { runBatch } from '../db/batch';
import { assertCanPostIn } from './groups';
import { deleteMedia, storeMedia, type StoredMedia } from './media-store';
import { FEED_MESSAGES as M } from './messages';
import { assertClosesAt, editPollStatements, insertPollStatements } from './poll-write';
import type { PostForm } from './post-form';
import { loadPolls, postById, viewerOf } from './read';
import type { FeedPost } from './schemas';
import { limitTagNotices, tagNoticesFor } from './tag-notices';
import { hashtagsOf, postSlug, storableMentionIds } from './tags';

export type WriteDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'limiter' | 'notifications'> & { media: R2Bucket };

function assertCaller(account: Account, form: PostForm): void {
  if (form.postBy !== account.user.id) throw new ApiError(403, M.notCaller, { fields: { post_by: M.notCaller } });
}

/** The statements replacing a post's hashtags and (post-level) mentions. */
function tagStatements(deps: WriteDeps, postId: string, text: string, mentionIds: readonly string[], createdAt: string) {
  const tags = hashtagsOf(text);
  return [
    deps.db.delete(feedHashtags).where(eq(feedHashtags.postId, postId)),
    sql`DELETE FROM feed_mentions WHERE post_id = ${postId} AND comment_id = ''`,
    ...(tags.length > 0 ? [deps.db.insert(feedHashtags).values(tags.map((tag) => ({ tag, postId, createdAt })))] : []),
    ...(mentionIds.length > 0 ? [deps.db.insert(feedMentions).values(mentionIds.map((userId) => ({ postId, userId, commentId: '', createdAt })))] : []),
  ];
}

const mediaRows = (postId: string, stored: readonly StoredMedia[], at: string) => stored.map((media, position) => ({ ...media, postId, position, createdAt: at }));

async function notifyMentioned(deps: WriteDeps, authorId: string, post: { id: string; slug: string }, userIds: readonly string[]): Promise<void> {
  for (const subjectId of userIds) {
    if (subjectId !== authorId) await publishEvent(deps, { type: 'post.mentioned', actorId: authorId, subjectId, postId: post.id, slug: post.slug });
  }
}

/** Runs a batch after storing uploads; the uploads are deleted again if the batch fails. */
async function withUploads<T>(deps: WriteDeps, form: PostForm, write: (stored: StoredMedia[]) => Promise<T>): Promise<T> {
  const stored = await storeMedia(deps.media, form.media);
  try {
    return await write(stored);
  } catch (error) {
    await deleteMedia(
      deps.media,
      stored.map((media) => media.r2Key),
    );
    throw error;
  }
}

/** Publishes a post from the form (POST /feed-post); answers it as its author sees it. */
export async function createPost(deps: WriteDeps, account: Account, form: PostForm): Promise<FeedPost> {
  assertCaller(account, form);
  const text = form.text ?? '';
  if (!text && !form.poll && form.media.length === 0) throw invalidFields({ text: M.emptyPost });
  if (form.group) await assertCanPostIn(deps, account.user.memberType, form.group);
  const now = deps.clock.now();
  if (form.poll) assertClosesAt(form.poll.closesAt, now);
  const at = now.toISOString();
  const authorId = account.user.id;
  const mentionIds = await storableMentionIds(deps, authorId, text);
  const post = { id: newId(), slug: postSlug(text || form.poll?.question || form.poll?.options.join(' ') || 'post') };
  const toTell = mentionIds.filter((id) => id !== authorId);
  await limitTagNotices(deps, authorId, toTell.length);
  await withUploads(deps, form, (stored) =>
    runBatch(deps.db, [
      deps.db.insert(feedPosts).values({ ...post, authorUserId: authorId, text, groupName: form.group ?? null, createdAt: at, updatedAt: at }),
      ...(stored.length > 0 ? [deps.db.insert(feedPostMedia).values(mediaRows(post.id, stored, at))] : []),
      ...(form.poll ? insertPollStatements(deps, post.id, form.poll, at) : []),
      ...tagStatements(deps, post.id, text, mentionIds, at),
    ]),
  );
  await notifyMentioned(deps, authorId, post, toTell);
  return (await postById(deps, post.id, viewerOf(account)))!;
}

/**
 * Edits a post (PUT /feed-post/{id}); only its author. Fields left out keep their value;
 * media stay unless `replaceMedia` (then the new files replace them). The version it
 * replaces goes to the history in the same batch.
 */
export async function editPost(deps: WriteDeps, account: Account, postId: string, form: PostForm): Promise<FeedPost> {
  assertCaller(account, form);
  const viewer = viewerOf(account);
  const current = await postById(deps, postId, viewer);
  if (!current) throw new ApiError(404, M.postNotFound);
  if (!current.canEdit) throw new ApiError(403, M.notYourPost);
  const text = form.text ?? current.text;
  const group = form.group === undefined ? current.group : form.group;
  if (group && group !== current.group) await assertCanPostIn(deps, account.user.memberType, group);
  const keepsMedia = !form.replaceMedia && current.media.length > 0;
  const addsMedia = form.media.length > 0 && !form.replaceMedia;
  if (addsMedia && current.media.length > 0) throw invalidFields({ media: 'send replaceMedia=true to replace the media of the post' });
  const poll = form.poll === undefined ? current.poll : form.poll;
  if (!text && !poll && !keepsMedia && form.media.length === 0) throw invalidFields({ text: M.emptyPost });
  const pollNow = (await loadPolls(deps, [postId], null)).get(postId) ?? null;
  const at = deps.clock.now().toISOString();
  const pollStatements = editPollStatements(deps, postId, pollNow, form.poll, at);
  const mentionIds = await storableMentionIds(deps, account.user.id, text);
  const replacing = form.replaceMedia || form.media.length > 0;
  const before = new Set(current.mentions.map((mention) => mention._id));
  const toTell = await tagNoticesFor(
    deps,
    account.user.id,
    postId,
    mentionIds.filter((id) => !before.has(id)),
  );
  await withUploads(deps, form, (stored) =>
    runBatch(deps.db, [
      deps.db.insert(feedPostHistory).values({
        id: newId(),
        postId,
        text: current.text,
        poll: pollNow,
        media: current.media,
        groupName: current.group,
        editedBy: account.user.id,
        createdAt: at,
      }),
      deps.db.update(feedPosts).set({ text, groupName: group, updatedAt: at, editedAt: at }).where(eq(feedPosts.id, postId)),
      ...(replacing ? [deps.db.delete(feedPostMedia).where(eq(feedPostMedia.postId, postId))] : []),
      ...(stored.length > 0 ? [deps.db.insert(feedPostMedia).values(mediaRows(postId, stored, at))] : []),
      ...pollStatements,
      ...tagStatements(deps, postId, text, mentionIds, current.createdAt),
    ]),
  );
  if (replacing)
    await deleteMedia(
      deps.media,
      current.media.map((media) => media.url),
    );
  await notifyMentioned(deps, account.user.id, { id: postId, slug: current.slug }, toTell);
  return (await postById(deps, postId, viewer))!;
}
