/**
 * Mentions in comment and reply text: `@[Display Name](<24-hex user id>)`. A tag is kept
 * (feed_mentions, with the comment's or reply's id in comment_id) when the member exists
 * and no block stands between them and the writer; the others stay plain text.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { feedMentions } from '../db/schema';

const MENTION = /@\[([^\]\n]{1,100})\]\(([0-9a-f]{24})\)/g;
/** More tags than this in one text are read as plain text. */
export const MENTIONS_MAX = 20;

/** The distinct user ids tagged in a text, in order of appearance, at most MENTIONS_MAX. */
export function mentionedIds(text: string): string[] {
  const ids = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    if (ids.size >= MENTIONS_MAX) break;
    ids.add(match[2]!);
  }
  return [...ids];
}

/** The tagged ids of a text worth storing: existing members not blocked either way with the writer. */
export async function storableMentions(deps: Pick<Deps, 'db'>, writerId: string, text: string): Promise<string[]> {
  const ids = mentionedIds(text);
  if (ids.length === 0) return [];
  const rows = await deps.db.all<{ id: string }>(sql`
    SELECT u.id FROM users u
    WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${writerId} AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = ${writerId}))`);
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id) => kept.has(id));
}

/** Statements replacing the stored mentions of one comment or reply (`textId`) of a post. */
export function mentionStatements(deps: Pick<Deps, 'db'>, postId: string, textId: string, userIds: readonly string[], at: string) {
  return [
    deps.db.delete(feedMentions).where(and(eq(feedMentions.postId, postId), eq(feedMentions.commentId, textId))),
    ...(userIds.length === 0
      ? []
      : [deps.db.insert(feedMentions).values(userIds.map((userId) => ({ postId, userId, commentId: textId, createdAt: at }))).onConflictDoNothing()]),
  ];
}
