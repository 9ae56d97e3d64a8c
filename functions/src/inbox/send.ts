/**
 * Sending a message (POST /connections/messages). Only between connected members, never
 * across a block; a reply quotes a message of the same thread; files come with the form or
 * are the sender's earlier unsent uploads. The message, its attachments, both members'
 * sides, the thread's latest message and the outbox row of the recipient's notification
 * are stored in ONE batch, which also reads the thread back as each member sees it and the
 * message as sent. Then the notification goes to the recipient's object (collapsed into
 * their unseen one about this thread; notifications/outbox.ts retries it if that fails),
 * which sends the recipient's live `notification` "New Message" with the thread as they see
 * it, while `thread` goes to the sender's other tabs.
 */
import { sql } from 'drizzle-orm';
import type { Deps, Emits, NotificationInput, PushNote } from '../deps';
import { newId } from '../db/ids';
import { runBatch, type BatchStatement } from '../db/batch';
import { ApiError, invalidFields, type FieldErrors } from '../errors';
import { storeInputOf, type NotifyInput } from '../notifications/notify';
import { outboxed } from '../notifications/outbox';
import { pushNoteOf } from '../notifications/push-notes';
import { deleteFiles, putFiles, unsentUploads, type FileDeps, type NamedFile, type StoredFile } from './attachments';
import type { InboxLiveEvents } from './live-events';
import type { MessageForm } from './message-form';
import { INBOX_MESSAGES as M, NEW_MESSAGE_TITLE } from './messages';
import { bothSides, messageStatement } from './queries';
import type { Message, SentMessage, Thread } from './schemas';
import { ensureThread, pairState, threadViewsOf, threadViewStatements, type ThreadView } from './threads';
import { previewOf, toMessage, type MessageRow } from './wire';

export type SendDeps = FileDeps & Pick<Deps, 'notifications'> & Emits<InboxLiveEvents>;

/** The thread the form names and its other member: `connectionId` must be the sender's, `to` its other member. */
async function recipientOf(deps: Pick<Deps, 'db'>, senderId: string, form: MessageForm): Promise<{ threadId: string | null; recipientId: string }> {
  if (!form.connectionId) {
    if (form.to === senderId) throw invalidFields({ to: M.yourself });
    return { threadId: null, recipientId: form.to! };
  }
  const [side] = await deps.db.all<{ other_id: string }>(sql`
    SELECT other_id FROM thread_members WHERE user_id = ${senderId} AND thread_id = ${form.connectionId}`);
  if (!side) throw new ApiError(404, M.threadNotFound);
  if (form.to && form.to !== side.other_id) throw invalidFields({ to: M.notTheOtherMember });
  return { threadId: form.connectionId, recipientId: side.other_id };
}

/** The earlier uploads the form names, each the sender's and unsent (400 naming the part otherwise). */
async function checkUploads(deps: Pick<Deps, 'db'>, senderId: string, form: MessageForm): Promise<void> {
  const ids = form.media.flatMap((item) => ('uploadId' in item ? [item.uploadId] : []));
  const found = await unsentUploads(deps, senderId, ids);
  const errors: FieldErrors = {};
  form.media.forEach((item, index) => {
    if ('uploadId' in item && !found.has(item.uploadId)) errors[`mediaFiles.${index}`] = M.notYourUpload;
  });
  if (new Set(ids).size !== ids.length) errors.mediaFiles = 'must not name the same upload twice';
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

async function assertReplyInThread(deps: Pick<Deps, 'db'>, threadId: string, replyTo: string | undefined): Promise<void> {
  if (!replyTo) return;
  const [row] = await deps.db.all(sql`SELECT 1 FROM messages WHERE id = ${replyTo} AND thread_id = ${threadId}`);
  if (!row) throw invalidFields({ replyTo: M.replyElsewhere });
}

/** A time after the thread's newest message, so messages sent within one millisecond keep their order. */
function sendTime(now: Date, lastAt: string | null): string {
  const after = lastAt ? Date.parse(lastAt) + 1 : 0;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}

/** The statements storing the message: the row, its files, both sides and the thread's latest message. */
function storeStatements(
  message: { id: string; threadId: string; senderId: string; recipientId: string; body: string; replyTo: string | null; at: string },
  files: ReadonlyArray<{ stored: StoredFile } | { uploadId: string }>,
): BatchStatement[] {
  const { id, threadId, senderId, recipientId, at } = message;
  return [
    sql`INSERT INTO messages (id, thread_id, author_id, to_id, body, reply_to_id, read, deleted_at, created_at)
      VALUES (${id}, ${threadId}, ${senderId}, ${recipientId}, ${message.body}, ${message.replyTo}, 0, NULL, ${at})`,
    ...files.map((file, position) =>
      'uploadId' in file
        ? sql`UPDATE attachments SET message_id = ${id}, position = ${position} WHERE id = ${file.uploadId} AND owner_id = ${senderId} AND message_id IS NULL`
        : sql`INSERT INTO attachments (id, owner_id, message_id, storage_key, name, mime, size, width, height, position, created_at)
            VALUES (${file.stored.id}, ${senderId}, ${id}, ${file.stored.storageKey}, ${file.stored.name}, ${file.stored.mime}, ${file.stored.size},
              ${file.stored.width}, ${file.stored.height}, ${position}, ${at})`,
    ),
    sql`UPDATE thread_members SET last_message_at = ${at}, unread_count = unread_count + (user_id = ${recipientId}) WHERE ${bothSides(threadId, [senderId, recipientId])}`,
    sql`UPDATE threads SET last_message_id = ${id}, updated_at = ${at} WHERE id = ${threadId}`,
  ];
}

/** The recipient's "New Message" notification about a thread (collapsed while unseen). */
function messageNotification(threadId: string, senderId: string, recipientId: string, body: string, fileCount: number): NotifyInput {
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

/** What a send may report besides its answer: `stored`, the moment its batch returned (Server-Timing). */
export type SendHooks = { stored?: (at: Date) => void };

/** Sends a message from the checked form; answers it with the thread as the sender sees it. */
export async function sendMessage(deps: SendDeps, senderId: string, form: MessageForm, hooks: SendHooks = {}): Promise<SentMessage> {
  const { threadId: named, recipientId } = await recipientOf(deps, senderId, form);
  const state = await pairState(deps, senderId, recipientId);
  if (!state.member) throw new ApiError(404, M.memberNotFound);
  // A block ends the connection: to the blocked member it reads as "not connected".
  if (state.blocked || !state.connected) throw new ApiError(403, M.connectionsOnly);
  const threadId = named ?? state.threadId ?? (await ensureThread(deps, senderId, recipientId));
  await assertReplyInThread(deps, threadId, form.replyTo);
  await checkUploads(deps, senderId, form);

  const id = newId();
  const at = sendTime(deps.clock.now(), state.threadUpdatedAt);
  const newFiles = form.media.flatMap((item): NamedFile[] => ('file' in item ? [item.file] : []));
  const stored = await putFiles(deps.media, newFiles);
  let next = 0;
  const files = form.media.map((item) => ('file' in item ? { stored: stored[next++]! } : item));
  const pair = [senderId, recipientId];
  const notifyInput = messageNotification(threadId, senderId, recipientId, form.body, files.length);
  const outbox = outboxed(notifyInput, at);
  let results: D1Result[];
  try {
    // The views and the message are read back in the same batch, after the writes: one round trip.
    results = await runBatch(deps.db, [
      ...storeStatements({ id, threadId, senderId, recipientId, body: form.body, replyTo: form.replyTo ?? null, at }, files),
      outbox.statement,
      ...threadViewStatements(threadId, pair),
      messageStatement(id),
    ]);
  } catch (error) {
    await deleteFiles(
      deps.media,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  hooks.stored?.(deps.clock.now());
  const tail = results.slice(-5);
  const [senderSide, recipientSide] = threadViewsOf(tail.slice(0, 4), pair) as [ThreadView, ThreadView];
  const cards = new Map([senderSide, recipientSide].map((side) => [side.viewer._id, side.viewer]));
  const message = toMessage(tail[4]!.results[0] as MessageRow, threadId, cards);
  const senderView = senderSide.thread!;
  const recipientView = recipientSide.thread;
  await Promise.all([
    notifyRecipient(deps, {
      recipientId,
      input: storeInputOf(notifyInput, at, outbox.id),
      outboxId: outbox.id,
      message,
      recipientView,
      push: pushNoteOf(notifyInput, senderSide.viewer),
    }),
    deps.live.emit(senderId, 'thread', { thread: senderView }),
  ]);
  return { message, thread: { ...senderView, latestMessage: message } };
}

/**
 * After the batch: the recipient's object stores the notification and sends their live
 * `notification` "New Message" itself, with the thread as they see it (one call between the
 * batch and the frame); with no tab of theirs open their devices get a web push instead. Then
 * the outbox row goes. When the object fails, the event still goes out (without the
 * notification) and the outbox row stays for the cron.
 */
async function notifyRecipient(
  deps: SendDeps,
  sent: { recipientId: string; input: NotificationInput; outboxId: string; message: Message; recipientView: Thread | null; push: PushNote | undefined },
): Promise<void> {
  const { recipientId, input, message, recipientView } = sent;
  const body = recipientView ? { ...recipientView, latestMessage: message } : null;
  const box = deps.notifications.of(recipientId);
  let written: boolean;
  try {
    if (body) ({ written } = await box.storeAndAnnounce(recipientId, input, { title: NEW_MESSAGE_TITLE, body, sender: message.authorProfile, push: sent.push }));
    else {
      await box.store(input);
      written = true;
    }
  } catch (error) {
    // The object was not reached: the event goes out from here, without the notification.
    console.error(`notification of message ${message._id} left in the outbox`, error);
    if (body) await deps.live.emit(recipientId, 'notification', { title: NEW_MESSAGE_TITLE, body, userSender: message.authorProfile, notification: null });
    return;
  }
  // Announced but not written: the cron stores it under the id the event named.
  if (!written) return;
  await deps.db.run(sql`DELETE FROM notification_outbox WHERE id = ${sent.outboxId}`);
}
