/**
 * From the rows of the mailboxes and D1's member cards to the wire shapes of schemas.ts: attachments with the
 * address the two members read them at, messages with their author's card and the
 * message they quote, threads as one member sees them.
 */
import { toMemberCard, type MemberCardRow } from '../members/cards';
import type { MemberCard } from '../members/schemas';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import type { Attachment, Message, Thread } from './schemas';
import type { StoredMessage } from '../ports/inbox';

/** A message as a mailbox answers it (inbox-object.ts); all null for a thread with no message yet. */
export type MessageRow = StoredMessage;

/** A thread as the viewer's mailbox answers it, with the other member's card (D1) and whether the two may write. */
export type ThreadRow = MemberCardRow & {
  t_id: string;
  t_unread: number;
  t_updated: string;
  t_connected: number;
} & { [K in keyof MessageRow]: MessageRow[K] | null };

type AttachmentJson = { id: string; name: string; mime: string; size: number; width: number | null; height: number | null };

/** Where the two members read an attachment (the app: /api/session + this). */
export function attachmentUrl(id: string): string {
  return `/connections/attachments/${id}`;
}

export function toAttachment(row: AttachmentJson): Attachment {
  return { _id: row.id, url: attachmentUrl(row.id), name: row.name, mime: row.mime, size: row.size, width: row.width, height: row.height };
}

const PREVIEW_MAX = 160;

/**
 * A message's text for the thread list and the notification: whitespace folded, cut at
 * the last space before PREVIEW_MAX characters with '…'; an attachment alone says so.
 */
export function previewOf(body: string, fileCount: number): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return fileCount > 0 ? M.sentAttachment : '';
  if (text.length <= PREVIEW_MAX) return text;
  const cut = text.slice(0, PREVIEW_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The two members of a thread: the viewer's card and the other member's, by user id. */
export type PairCards = ReadonlyMap<string, MemberCard>;

/** A message row on the wire; its author and its quote's author are one of `cards`. */
export function toMessage(row: MessageRow, threadId: string, cards: PairCards): Message {
  const deleted = row.msg_deleted !== null;
  return {
    _id: row.msg_id,
    connection: threadId,
    body: deleted ? '' : row.msg_body,
    read: row.msg_read === 1,
    authorProfile: cards.get(row.msg_author)!,
    createdAt: row.msg_created,
    replyTo: row.q_id
      ? {
          _id: row.q_id,
          body: row.q_deleted ? '' : row.q_body!,
          authorId: row.q_author!,
          authorName: cards.get(row.q_author!)?.name ?? '',
          deleted: row.q_deleted !== null,
          attachmentCount: row.q_files,
        }
      : null,
    mediaFiles: deleted ? [] : (JSON.parse(row.msg_files) as AttachmentJson[]).map(toAttachment),
    to: row.msg_to,
    deleted,
  };
}

/** A thread row as `viewer` sees it. */
export function toThread(row: ThreadRow, viewer: MemberCard): Thread {
  const receiver = toMemberCard(row);
  const cards: PairCards = new Map([
    [viewer._id, viewer],
    [receiver._id, receiver],
  ]);
  const latestMessage = row.msg_id ? toMessage(row as ThreadRow & MessageRow, row.t_id, cards) : null;
  const connected = row.t_connected === 1;
  return {
    _id: row.t_id,
    status: connected ? 'accepted' : 'removed',
    message: latestMessage && !latestMessage.deleted ? previewOf(latestMessage.body, latestMessage.mediaFiles.length) : '',
    updatedAt: row.t_updated,
    receiver,
    latestMessage,
    unreadCount: row.t_unread,
    canWrite: connected,
  };
}
