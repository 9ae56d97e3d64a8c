/**
 * Pinning posts (administrators only): a group shows at most PINNED_LIMIT pinned posts
 * (docs/product.md#groups-and-pins: pinned posts 5), so a sixth pin is refused until one is unpinned. The change
 * and its audit entry (post.pin / post.unpin) go in one batch, and both are conditional, so
 * two administrators pinning at once leave one pin and one entry.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type AuditActor, auditEntryIfChanged } from '../audit/audit';
import { runBatch } from '../db/batch';
import type { Deps } from '../deps';
import { feedGroups, feedPosts } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { FEED_MESSAGES as M } from './messages';
import { postSlugFromAddress } from './post-address';
import { postById, type Viewer } from './read';
import type { FeedPost } from './schemas';

/** The pinned posts a group shows (docs/product.md#groups-and-pins). */
export const PINNED_LIMIT = 5;

export const PIN_MESSAGES = {
  groupFull: `This group already has ${PINNED_LIMIT} pinned posts: unpin one first.`,
  alreadyPinned: 'This post is already pinned.',
  notPinned: 'This post is not pinned.',
  /** The `post` field's problems when pinning by address: each reads after the field's label. */
  notAnAddress: 'must be a post’s address, like https://…/post/…, or its slug',
  noPost: 'leads to no post: it may have been deleted',
  alreadyPinnedHere: 'is already pinned',
} as const;

/** Pins or unpins a post (admins only); answers the post. 409 when it already was, or the group is full. */
export async function setPinned(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, admin: AuditActor, postId: string, pinned: boolean): Promise<FeedPost> {
  if (!viewer?.admin) throw new ApiError(403, M.adminOnly);
  // The outer row by its table name: inside the subquery a bare column would mean `other`'s.
  const roomLeft = sql`(SELECT count(*) FROM feed_posts other WHERE other.is_pinned = 1 AND other.group_name IS feed_posts.group_name) < ${PINNED_LIMIT}`;
  const [change] = await runBatch(deps.db, [
    deps.db
      .update(feedPosts)
      .set({ isPinned: pinned, pinnedAt: pinned ? deps.clock.now().toISOString() : null })
      .where(and(eq(feedPosts.id, postId), eq(feedPosts.isPinned, !pinned), pinned ? roomLeft : undefined)),
    auditEntryIfChanged(deps.clock, { admin, action: pinned ? 'post.pin' : 'post.unpin', target: { type: 'post', id: postId } }),
  ]);
  if (!change?.meta.changes) {
    const [now] = await deps.db.select({ isPinned: feedPosts.isPinned }).from(feedPosts).where(eq(feedPosts.id, postId));
    if (!now) throw new ApiError(404, M.postNotFound);
    if (now.isPinned === pinned) throw new ApiError(409, pinned ? PIN_MESSAGES.alreadyPinned : PIN_MESSAGES.notPinned);
    throw new ApiError(409, PIN_MESSAGES.groupFull);
  }
  return (await postById(deps, postId, viewer))!;
}

/**
 * Pins the post at `address` (postSlugFromAddress) in the group `groupKey` (admins only).
 * Every refusal of the address names the `post` field: not an address (400), no post there
 * (404), a post of another group (400), already pinned (409).
 */
export async function pinAtAddress(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, admin: AuditActor, groupKey: string, address: string): Promise<FeedPost> {
  if (!viewer?.admin) throw new ApiError(403, M.adminOnly);
  const slug = postSlugFromAddress(address);
  const [groups, posts] = await deps.db.batch([
    deps.db.select({ key: feedGroups.key, name: feedGroups.name }).from(feedGroups),
    deps.db
      .select({ id: feedPosts.id, group: feedPosts.groupName, isPinned: feedPosts.isPinned })
      .from(feedPosts)
      .where(eq(feedPosts.slug, slug ?? '')),
  ]);
  const nameOf = (key: string | null) => groups.find((group) => group.key === key)?.name;
  const groupName = nameOf(groupKey);
  if (groupName === undefined) throw new ApiError(404, M.groupNotFound);
  if (slug === null) throw invalidFields({ post: PIN_MESSAGES.notAnAddress });
  const [post] = posts;
  if (!post) throw invalidFields({ post: PIN_MESSAGES.noPost }, {}, 404);
  if (post.group !== groupKey) {
    const where = post.group ? `in “${nameOf(post.group) ?? post.group}”` : 'in no group';
    throw invalidFields({ post: `is a post ${where}, not in “${groupName}”` });
  }
  if (post.isPinned) throw invalidFields({ post: PIN_MESSAGES.alreadyPinnedHere }, {}, 409);
  return setPinned(deps, viewer, admin, post.id, true);
}
