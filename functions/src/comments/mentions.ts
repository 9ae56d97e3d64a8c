/**
 * Mentions in comment and reply text, read by the feed's one rule (feed/tags.ts:
 * `@[Display Name](<24-hex user id>)`, kept when the member exists and no block stands
 * between them and the writer). They are stored in feed_mentions with the comment's or
 * the reply's id in comment_id.
 */
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { feedMentions } from '../db/schema';
import { storableMentionIds } from '../feed/tags';

/** The tagged ids of a text worth storing: existing members not blocked either way with the writer. */
export const storableMentions = storableMentionIds;

/** Statements replacing the stored mentions of one comment or reply (`textId`) of a post. */
export function mentionStatements(deps: Pick<Deps, 'db'>, postId: string, textId: string, userIds: readonly string[], at: string) {
  return [
    deps.db.delete(feedMentions).where(and(eq(feedMentions.postId, postId), eq(feedMentions.commentId, textId))),
    ...(userIds.length === 0
      ? []
      : [
          deps.db
            .insert(feedMentions)
            .values(userIds.map((userId) => ({ postId, userId, commentId: textId, createdAt: at })))
            .onConflictDoNothing(),
        ]),
  ];
}
