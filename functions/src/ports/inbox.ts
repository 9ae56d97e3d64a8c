/**
 * The port of the MemberInbox objects (inbox/inbox-object.ts, one mailbox per member; its
 * binding inbox/inbox-binding.ts): each member's copy of their conversations, and the rows
 * it answers. Types only.
 */

/**
 * A message as a member's mailbox holds it (functions/src/inbox/inbox-object.ts), with the message
 * it quotes (`q_`) and its files as JSON (`msg_files`: [{ id, name, mime, size, width, height }]
 * in position order).
 */
export type StoredMessage = {
  msg_id: string;
  msg_author: string;
  msg_to: string;
  msg_body: string;
  msg_read: number;
  msg_deleted: string | null;
  msg_created: string;
  msg_files: string;
  q_id: string | null;
  q_author: string | null;
  q_body: string | null;
  q_deleted: string | null;
  q_files: number;
};

/**
 * A thread of a member's mailbox: the other member, the owner's unread count, when it last
 * changed, and its latest message (every message column null before the first message).
 */
export type StoredThread = { t_id: string; other_id: string; t_unread: number; t_updated: string } & { [K in keyof StoredMessage]: StoredMessage[K] | null };

/** A file of a message as both mailboxes describe it (the bytes are in R2, the row in D1's attachments). */
export type MessageFile = { id: string; name: string; mime: string; size: number; width: number | null; height: number | null };

/** A message to store in its author's mailbox, with the thread it belongs to (`read`: already read by the recipient, as an accepted request's text). */
export type OutgoingMessage = {
  id: string;
  threadId: string;
  authorId: string;
  toId: string;
  body: string;
  replyTo: string | null;
  files: MessageFile[];
  now: string;
  read?: boolean;
};

/** Which threads a list shows: all, those with unread messages, those without. */
export type ThreadFilter = 'all' | 'unread' | 'read';

/** A message as a mailbox stores it, with how many files it has (moderation, reports, deletion). */
export type StoredCopy = { thread_id: string; author_id: string; to_id: string; body: string; deleted_at: string | null; created_at: string; files: number };

/** A message the author deleted, as it was: the notification rewrite and the files to remove need it. */
export type DeletedMessage = { thread_id: string; to_id: string; body: string; files: number; already: boolean };

/** A mailbox's rows for the data export: its threads, the messages the owner wrote and the files of those. */
export type MailboxExport = {
  threads: Array<{ id: string; other_id: string; unread_count: number; last_message_at: string | null; created_at: string; received: number }>;
  written: Array<{ id: string; thread_id: string; to_id: string; body: string; reply_to_id: string | null; read: number; deleted_at: string | null; created_at: string }>;
  files: Array<MessageFile & { message_id: string; position: number }>;
};

/** Rows for the development import (the demo seed, the scale generator): a thread and its messages as this mailbox keeps them. */
export type MailboxImport = {
  threads: Array<{ id: string; other_id: string; created_at: string }>;
  messages: Array<{ id: string; thread_id: string; author_id: string; to_id: string; body: string; reply_to_id: string | null; read: number; created_at: string }>;
};

/** One member's mailbox: the object's methods (inbox/inbox-object.ts). `hidden`: the other members to leave out (blocks). */
export type InboxBox = {
  threadWith(otherId: string): Promise<{ id: string; has_history: number; updated_at: string } | null>;
  ensureThread(threadId: string, otherId: string, at: string): Promise<void>;
  thread(threadId: string, hidden: string[]): Promise<StoredThread | null>;
  list(filter: ThreadFilter, limit: number, offset: number, hidden: string[]): Promise<{ rows: StoredThread[]; total: number }>;
  unreadTotal(hidden: string[]): Promise<number>;
  hasMessage(threadId: string, messageId: string): Promise<boolean>;
  messages(
    threadId: string,
    before: string | null,
    limit: number,
    mark: { readerId: string; hidden: string[] } | null,
  ): Promise<{ rows: StoredMessage[]; marked: number; unreadTotal: number | null }>;
  send(message: OutgoingMessage): Promise<{ message: StoredMessage; mine: StoredThread; theirs: StoredThread } | { error: 'replyElsewhere' }>;
  deleteOwn(messageId: string, authorId: string, at: string): Promise<DeletedMessage | null>;
  message(messageId: string): Promise<StoredCopy | null>;
  flush(): Promise<number>;
  others(): Promise<string[]>;
  replaceMember(oldId: string, newId: string): Promise<number>;
  exportRows(ownerId: string): Promise<MailboxExport>;
  isEmpty(): Promise<boolean>;
  wipe(): Promise<void>;
  importRows(rows: MailboxImport): Promise<number>;
};

/** The members' mailboxes, one per member (`of(userId)`). */
export type InboxStores = { of(userId: string): InboxBox };
