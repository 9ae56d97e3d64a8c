/** POST /notifications/notify-tagged-users: the author asks to notify members tagged in their post. */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { publishEvent } from '../events/publish';
import { ApiError } from '../errors';
import { visiblePost } from './actions';
import { FEED_MESSAGES as M } from './messages';
import { tagNoticesFor } from './tag-notices';

/**
 * Publishes `post.mentioned` for those of `userIds` that are stored mentions of the
 * post (never the author); only the author may ask. Answers how many are notified: a member
 * the author told of this post lately is counted but not told again (tag-notices.ts), so
 * calling it again and again notifies nobody twice.
 */
export async function notifyTaggedUsers(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'limiter' | 'notifications'>,
  authorId: string,
  postId: string,
  userIds: readonly string[],
): Promise<{ notified: number }> {
  const post = await visiblePost(deps, postId, authorId);
  if (post.author !== authorId) throw new ApiError(403, M.authorOnlyNotify);
  const rows = await deps.db.all<{ user_id: string }>(sql`
    SELECT user_id FROM feed_mentions WHERE post_id = ${postId} AND comment_id = ''
      AND user_id IN (SELECT value FROM json_each(${JSON.stringify([...new Set(userIds)])})) AND user_id <> ${authorId}`);
  const toTell = await tagNoticesFor(
    deps,
    authorId,
    postId,
    rows.map((row) => row.user_id),
  );
  for (const subjectId of toTell) await publishEvent(deps, { type: 'post.mentioned', actorId: authorId, subjectId, postId, slug: post.slug });
  return { notified: rows.length };
}
