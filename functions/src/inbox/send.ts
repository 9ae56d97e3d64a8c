/**
 * Sending a message (POST /connections/messages). Only between connected members, never
 * across a block; a reply quotes a message of the same thread; files come with the form or
 * are the sender's earlier unsent uploads.
 *
 * The message is acknowledged once the sender's mailbox (inbox-object.ts) has stored it with its
 * copy for the recipient's mailbox in its outbox. Before that, one D1 batch writes what D1
 * keeps of it: the outbox row of the recipient's notification (its id is the message's, so
 * the cron can tell a message that was never stored), the thread's unread mark for the
 * unread-message mail, and the files' rows; a send that fails after that batch takes the
 * files and the notification back (unless the mailbox stored the message after all; an unread
 * mark left behind is dropped by the mail's cron, which finds nothing unread). Then the
 * sender's mailbox hands the copy to the recipient's, and only then does the notification go
 * to the recipient's object (which sends their live `notification` "New Message" with the
 * thread as they see it), so what they hear of they can open; `thread` goes to the sender's
 * other tabs.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { Emits } from '../ports/live';
import type { MessageFile } from '../ports/inbox';
import { newId } from '../db/ids';
import { runBatch, type BatchStatement } from '../db/batch';
import { ApiError, invalidFields, type FieldErrors } from '../errors';
import { deliverBatched, noticeInBatch, tellLive, type Notice } from '../notifications/deliver';
import { unreadMark } from '../missed-mail/unread';
import { deleteFiles, putFiles, unsentUploads, type FileDeps, type NamedFile, type StoredFile } from './attachments';
import type { InboxLiveEvents } from './live-events';
import type { MessageForm } from './message-form';
import { INBOX_MESSAGES as M, NEW_MESSAGE_TITLE } from '../shared/inbox-messages';
import { toMemberCard } from '../members/cards';
import type { SentMessage } from './schemas';
import { pairState, threadIdOf, threadOf, type InboxDeps } from './threads';
import { previewOf, toMessage, type PairCards } from './wire';

export type SendDeps = FileDeps & InboxDeps & Pick<Deps, 'notifications'> & Emits<InboxLiveEvents>;

/** The thread the form names and its other member: `connectionId` must be the sender's, `to` its other member. */
async function recipientOf(deps: InboxDeps, senderId: string, form: MessageForm): Promise<{ threadId: string | null; recipientId: string }> {
  if (!form.connectionId) {
    if (form.to === senderId) throw invalidFields({ to: M.yourself });
    return { threadId: null, recipientId: form.to! };
  }
  const side = await deps.inbox.of(senderId).thread(form.connectionId, []);
  if (!side) throw new ApiError(404, M.threadNotFound);
  if (form.to && form.to !== side.other_id) throw invalidFields({ to: M.notTheOtherMember });
  return { threadId: form.connectionId, recipientId: side.other_id };
}

/** The earlier uploads the form names, each the sender's and unsent (400 naming the part otherwise), by id. */
async function checkUploads(deps: Pick<Deps, 'db'>, senderId: string, form: MessageForm): Promise<Map<string, MessageFile>> {
  const ids = form.media.flatMap((item) => ('uploadId' in item ? [item.uploadId] : []));
  const found = await unsentUploads(deps, senderId, ids);
  const errors: FieldErrors = {};
  form.media.forEach((item, index) => {
    if ('uploadId' in item && !found.has(item.uploadId)) errors[`mediaFiles.${index}`] = M.notYourUpload;
  });
  if (new Set(ids).size !== ids.length) errors.mediaFiles = 'must not name the same upload twice';
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return found;
}

type SentFile = ({ stored: StoredFile } | { uploadId: string }) & { details: MessageFile };

/** The files' rows in D1 (sent to the recipient under the message id), and the statements taking them back. */
function fileStatements(
  message: { id: string; senderId: string; recipientId: string; at: string },
  files: readonly SentFile[],
): { store: BatchStatement[]; undo: BatchStatement[] } {
  const { id, senderId, recipientId, at } = message;
  return {
    store: files.map((file, position) =>
      'uploadId' in file
        ? sql`UPDATE attachments SET message_id = ${id}, to_id = ${recipientId}, position = ${position} WHERE id = ${file.uploadId} AND owner_id = ${senderId} AND message_id IS NULL`
        : sql`INSERT INTO attachments (id, owner_id, message_id, to_id, storage_key, name, mime, size, width, height, position, created_at)
            VALUES (${file.stored.id}, ${senderId}, ${id}, ${recipientId}, ${file.stored.storageKey}, ${file.stored.name}, ${file.stored.mime}, ${file.stored.size},
              ${file.stored.width}, ${file.stored.height}, ${position}, ${at})`,
    ),
    undo: [
      sql`UPDATE attachments SET message_id = NULL, to_id = NULL, position = 0 WHERE message_id = ${id} AND owner_id = ${senderId} AND created_at < ${at}`,
      sql`DELETE FROM attachments WHERE message_id = ${id} AND owner_id = ${senderId}`,
    ],
  };
}

/** The recipient's "New Message" notification about a thread (collapsed while unseen). */
function messageNotification(threadId: string, senderId: string, recipientId: string, body: string, fileCount: number): Notice {
  return {
    userId: recipientId,
    senderId,
    kind: 'message.received',
    title: NEW_MESSAGE_TITLE,
    body: previewOf(body, fileCount),
    link: `/inbox?personalInbox=${threadId}`,
    refId: threadId,
    collapse: true,
  };
}

/** What a send may report besides its answer: `stored`, the moment the sender's mailbox stored it (Server-Timing). */
export type SendHooks = { stored?: (at: Date) => void };

/** Sends a message from the checked form; answers it with the thread as the sender sees it. */
export async function sendMessage(deps: SendDeps, senderId: string, form: MessageForm, hooks: SendHooks = {}): Promise<SentMessage> {
  const { threadId: named, recipientId } = await recipientOf(deps, senderId, form);
  const state = await pairState(deps, senderId, recipientId);
  if (!state.member) throw new ApiError(404, M.memberNotFound);
  // A block ends the connection: to the blocked member it reads as "not connected".
  if (state.blocked || !state.connected) throw new ApiError(403, M.connectionsOnly);
  const threadId = named ?? state.threadId ?? (await threadIdOf(senderId, recipientId));
  const uploads = await checkUploads(deps, senderId, form);

  const id = newId();
  const now = deps.clock.now().toISOString();
  const newFiles = form.media.flatMap((item): NamedFile[] => ('file' in item ? [item.file] : []));
  const stored = await putFiles(deps.media, newFiles);
  let next = 0;
  const files: SentFile[] = form.media.map((item) => {
    if ('uploadId' in item) return { uploadId: item.uploadId, details: uploads.get(item.uploadId)! };
    const file = stored[next++]!;
    return { stored: file, details: { id: file.id, name: file.name, mime: file.mime, size: file.size, width: file.width, height: file.height } };
  });
  const notifyInput = messageNotification(threadId, senderId, recipientId, form.body, files.length);
  const outbox = noticeInBatch(notifyInput, now, id);
  const d1 = fileStatements({ id, senderId, recipientId, at: now }, files);
  const takeBack = async () => {
    await runBatch(deps.db, [...d1.undo, sql`DELETE FROM notification_outbox WHERE id = ${id}`]).catch((error: unknown) =>
      console.error(`message ${id}: D1 rows not taken back`, error),
    );
    await deleteFiles(
      deps.media,
      stored.map((file) => file.storageKey),
    );
  };
  try {
    await runBatch(deps.db, [...d1.store, outbox.statement, unreadMark({ recipientId, threadId, senderId, at: now })]);
  } catch (error) {
    await deleteFiles(
      deps.media,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  const mailbox = deps.inbox.of(senderId);
  let sent: Awaited<ReturnType<typeof mailbox.send>>;
  try {
    sent = await mailbox.send({
      id,
      threadId,
      authorId: senderId,
      toId: recipientId,
      body: form.body,
      replyTo: form.replyTo ?? null,
      files: files.map((file) => file.details),
      now,
    });
  } catch (error) {
    // The call can fail after the object stored the message: then its rows stay, and the mailbox's alarm delivers it.
    const stored = await mailbox.message(id).catch(() => null);
    if (!stored) await takeBack();
    throw error;
  }
  if ('error' in sent) {
    await takeBack();
    throw invalidFields({ replyTo: M.replyElsewhere });
  }
  hooks.stored?.(deps.clock.now());

  const cards: PairCards = new Map([
    [senderId, state.viewer],
    [recipientId, toMemberCard(state.other!.row)],
  ]);
  const message = toMessage(sent.message, threadId, cards);
  const senderView = threadOf(sent.mine, state.other!, state.viewer);
  const recipientView = threadOf(sent.theirs, { row: state.viewerRow, connected: true }, cards.get(recipientId)!);
  // The recipient's copy first: what they hear of, they can open.
  await mailbox.flush().catch((error: unknown) => console.error(`message ${id}: the recipient's copy left to the mailbox's retry`, error));
  // The recipient's object stores the notification and sends their live `notification` "New
  // Message" itself, with the thread as they see it (one call between the batch and the frame).
  await Promise.all([
    deliverBatched(deps, outbox, { body: recipientView ? { ...recipientView, latestMessage: message } : null, sender: message.authorProfile }),
    tellLive(deps, senderId, 'thread', { thread: senderView }),
  ]);
  return { message, thread: { ...senderView, latestMessage: message } };
}
