/**
 * Deleting one's own message (DELETE /connections/deleteMessage/{id}): a soft delete that
 * keeps the row for the replies quoting it ("This message was deleted") but empties its
 * body and removes its files (rows and R2 objects). In the same batch the recipient's
 * unread count is recounted and the thread's preview moves to the newest message left, and
 * the thread is read back as both members now see it, and an outbox row asks the recipient's
 * notification (in their object) to stop quoting it: applied straight after, or by the cron
 * when the object call fails (the delete still answers and its files still go). Both members' windows hear of it (`thread` with `removedMessageId`).
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits } from '../deps';
import { blockedWith } from '../members/blocks';
import { runBatch } from '../db/batch';
import { ApiError } from '../errors';
import { deleteFiles } from './attachments';
import type { InboxLiveEvents } from './live-events';
import { INBOX_MESSAGES as M } from './messages';
import type { DeletedMessage } from './schemas';
import { threadViews, threadViewsOf, threadViewStatements, type ThreadView } from './threads';
import { previewOf } from './wire';
import { applyRewrite, outboxedRewrite, type Rewrite } from '../notifications/outbox';

type Target = { thread_id: string; author_id: string; to_id: string; body: string; files: number; deleted_at: string | null; hidden: number };

/** The statements of the soft delete; the first answers the R2 keys of the files removed. */
function deleteStatements(messageId: string, target: Target, at: string) {
  const threadId = target.thread_id;
  return [
    sql`DELETE FROM attachments WHERE message_id = ${messageId} RETURNING storage_key`,
    sql`UPDATE messages SET body = '', deleted_at = ${at} WHERE id = ${messageId} AND deleted_at IS NULL`,
    sql`UPDATE thread_members SET unread_count = (
        SELECT count(*) FROM messages WHERE thread_id = ${threadId} AND to_id = ${target.to_id} AND read = 0 AND deleted_at IS NULL)
      WHERE thread_id = ${threadId} AND user_id = ${target.to_id}`,
    // The preview shows the newest message left; a thread whose messages are all deleted keeps the newest.
    sql`UPDATE threads SET last_message_id = coalesce(
        (SELECT id FROM messages WHERE thread_id = ${threadId} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1), last_message_id)
      WHERE id = ${threadId} AND last_message_id = ${messageId}`,
  ];
}

/**
 * Deletes the viewer's message. The other member of the thread gets 403; anyone else, or
 * a thread a block hides, 404. Deleting a deleted message again answers the same.
 */
export async function deleteMessage(
  deps: Pick<Deps, 'db' | 'clock' | 'notifications'> & Emits<InboxLiveEvents> & { media: R2Bucket },
  viewerId: string,
  messageId: string,
): Promise<DeletedMessage> {
  const [target] = await deps.db.all<Target>(sql`
    SELECT m.thread_id, m.author_id, m.to_id, m.body, m.deleted_at, (SELECT count(*) FROM attachments WHERE message_id = m.id) AS files,
      (CASE WHEN m.author_id = ${viewerId} THEN m.to_id ELSE m.author_id END) IN ${blockedWith(viewerId)} AS hidden
    FROM messages m WHERE m.id = ${messageId} AND ${viewerId} IN (m.author_id, m.to_id)`);
  if (!target || target.hidden === 1) throw new ApiError(404, M.messageNotFound);
  if (target.author_id !== viewerId) throw new ApiError(403, M.ownMessagesOnly);

  const otherId = target.to_id;
  const pair = [viewerId, otherId];
  let views: ThreadView[];
  if (target.deleted_at === null) {
    // One round trip: the soft delete, then both members' views of the thread after it.
    const at = deps.clock.now().toISOString();
    // The recipient's notification must not keep showing the text either.
    const rewrite: Rewrite = { userId: target.to_id, kind: 'message.received', refId: target.thread_id, from: previewOf(target.body, target.files), to: M.deletedMessage };
    const outbox = outboxedRewrite(rewrite, at);
    const deleting = [...deleteStatements(messageId, target, at), outbox.statement];
    const results = await runBatch(deps.db, [...deleting, ...threadViewStatements(target.thread_id, pair)]);
    views = threadViewsOf(results.slice(deleting.length), pair);
    await applyRewrite(deps, outbox.id, rewrite).catch((error: unknown) => console.error(`message ${messageId}: notification rewrite left to the cron`, error));
    await deleteFiles(
      deps.media,
      (results[0]!.results as Array<{ storage_key: string }>).map((row) => row.storage_key),
    );
  } else {
    views = await threadViews(deps, target.thread_id, pair);
  }
  const [mine, theirs] = views;
  const thread = mine!.thread!;
  await Promise.all([
    deps.live.emit(viewerId, 'thread', { thread, removedMessageId: messageId }),
    theirs?.thread ? deps.live.emit(otherId, 'thread', { thread: theirs.thread, removedMessageId: messageId }) : undefined,
  ]);
  return { deleted: true, thread };
}
