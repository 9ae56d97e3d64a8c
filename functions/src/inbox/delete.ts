/**
 * Deleting one's own message (DELETE /connections/deleteMessage/{id}): a soft delete that
 * keeps the row for the replies quoting it ("This message was deleted") but empties its
 * body and removes its files (rows and R2 objects). D1 goes first: the files' rows go, with
 * an outbox row asking the recipient's notification (in their object) to stop quoting the
 * message (applied at the end, or by the cron when the object call fails), and then their R2
 * objects. Then the author's mailbox deletes its copy and hands the deletion to the
 * recipient's mailbox, which recounts their unread messages and moves the thread's preview
 * to the newest message left. An attempt that stops between the two leaves the message for
 * a retry, whose D1 part finds nothing more to do. Both members' windows hear of it (`thread`
 * with `removedMessageId`).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import { runBatch } from '../db/batch';
import { ApiError } from '../errors';
import { deleteFiles } from './attachments';
import type { InboxLiveEvents } from './live-events';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import type { DeletedMessage } from './schemas';
import { hiddenFrom, threadViews, type InboxDeps } from './threads';
import { previewOf } from './wire';
import { applyBatchedRewrite, rewriteInBatch, tellLive, type NoticeRewrite } from '../notifications/deliver';

/**
 * Deletes the viewer's message. The other member of the thread gets 403; anyone else, or
 * a thread a block hides, 404. Deleting a deleted message again answers the same.
 */
export async function deleteMessage(
  deps: InboxDeps & Pick<Deps, 'clock' | 'notifications'> & Emits<InboxLiveEvents> & { media: R2Bucket },
  viewerId: string,
  messageId: string,
): Promise<DeletedMessage> {
  const mailbox = deps.inbox.of(viewerId);
  const [target, hidden] = await Promise.all([mailbox.message(messageId), hiddenFrom(deps, viewerId)]);
  if (!target) throw new ApiError(404, M.messageNotFound);
  const otherId = target.author_id === viewerId ? target.to_id : target.author_id;
  if (hidden.includes(otherId)) throw new ApiError(404, M.messageNotFound);
  if (target.author_id !== viewerId) throw new ApiError(403, M.ownMessagesOnly);

  const at = deps.clock.now().toISOString();
  // D1's part first, so that a failure before the mailbox's leaves the message for a retry to
  // delete again, never a deleted message whose files can still be read.
  const rewrite: NoticeRewrite = { userId: otherId, kind: 'message.received', refId: target.thread_id, from: previewOf(target.body, target.files), to: M.deletedMessage };
  const outbox = target.deleted_at === null ? rewriteInBatch(rewrite, at) : null;
  const results = await runBatch<{ storage_key: string }>(deps.db, [
    sql`DELETE FROM attachments WHERE message_id = ${messageId} AND owner_id = ${viewerId} RETURNING storage_key`,
    ...(outbox ? [outbox.statement] : []),
  ]);
  await deleteFiles(
    deps.media,
    results[0]!.results.map((row) => row.storage_key),
  );
  const deleted = await mailbox.deleteOwn(messageId, viewerId, at);
  if (!deleted) throw new ApiError(404, M.messageNotFound);
  await Promise.all([
    mailbox.flush().catch((error: unknown) => console.error(`message ${messageId}: the deletion left to the mailbox's retry`, error)),
    outbox
      ? applyBatchedRewrite(deps, outbox.id, rewrite).catch((error: unknown) => console.error(`message ${messageId}: notification rewrite left to the cron`, error))
      : undefined,
  ]);

  const [mine, theirs] = await threadViews(deps, deleted.thread_id, [viewerId, otherId]);
  const thread = mine!.thread!;
  await Promise.all([
    tellLive(deps, viewerId, 'thread', { thread, removedMessageId: messageId }),
    theirs?.thread ? tellLive(deps, otherId, 'thread', { thread: theirs.thread, removedMessageId: messageId }) : undefined,
  ]);
  return { deleted: true, thread };
}
