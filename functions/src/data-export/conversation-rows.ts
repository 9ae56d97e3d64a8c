/** The member's conversations as the export reads them from their mailbox: the shapes their D1 rows had. */
import type { MailboxExport } from '../ports/inbox';

/** A thread of the member's (the shape its D1 row had). */
export type ExportedThread = { id: string; otherId: string; unreadCount: number; lastMessageAt: string | null; createdAt: string };

/** A message the member wrote (the shape its D1 row had, `read` a boolean). */
export type ExportedMessage = {
  id: string;
  threadId: string;
  authorId: string;
  toId: string;
  body: string;
  replyToId: string | null;
  read: boolean;
  deletedAt: string | null;
  createdAt: string;
};

/** The threads, how many messages each received (counted, never read: they are the other member's), and the member's own messages. */
export function exportedConversations(userId: string, mailbox: MailboxExport) {
  return {
    threads: mailbox.threads.map(
      (row): ExportedThread => ({ id: row.id, otherId: row.other_id, unreadCount: row.unread_count, lastMessageAt: row.last_message_at, createdAt: row.created_at }),
    ),
    receivedPerThread: mailbox.threads.filter((row) => row.received > 0).map((row) => ({ threadId: row.id, received: row.received })),
    messages: mailbox.written.map(
      (row): ExportedMessage => ({
        id: row.id,
        threadId: row.thread_id,
        authorId: userId,
        toId: row.to_id,
        body: row.body,
        replyToId: row.reply_to_id,
        read: row.read === 1,
        deletedAt: row.deleted_at,
        createdAt: row.created_at,
      }),
    ),
  };
}
