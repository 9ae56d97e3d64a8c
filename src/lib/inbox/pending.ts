/**
 * The stand-in of a message on its way: shown at once at the end of the thread with
 * "Sending…", then replaced by the stored message (or marked failed, with Retry).
 */
import type { MemberCard } from '@api/members/schemas';
import { messageSummary } from './preview';
import type { Attachment, ChatMessage, QuotedMessage } from './types';

/** What the composer sends. */
export interface MessageDraft {
  body: string;
  /** Uploaded first through POST /upload/attachment. */
  attachments: Attachment[];
  /** The message answered, if any. */
  replyTo: ChatMessage | null;
}

/** Whether a draft has nothing to send. */
export function draftIsEmpty(draft: Pick<MessageDraft, 'body' | 'attachments'>): boolean {
  return draft.body.trim() === '' && draft.attachments.length === 0;
}

/** The quote a reply shows of `message`. */
export function quoteOf(message: ChatMessage): QuotedMessage {
  return {
    _id: message._id,
    body: message.deleted ? '' : message.body,
    authorId: message.authorProfile._id,
    authorName: message.authorProfile.name,
    deleted: message.deleted,
    attachmentCount: message.mediaFiles.length,
  };
}

/** One line of a quote ("Sent an attachment" when it had only files). */
export function quoteSummary(quote: QuotedMessage): string {
  return messageSummary({ body: quote.body, deleted: quote.deleted, mediaFiles: new Array(quote.attachmentCount).fill(null) });
}

/** The stand-in message for `draft`, written by `author` to `to` in `threadId`. */
export function pendingMessage(
  pendingId: string,
  draft: MessageDraft,
  { threadId, to, author, now }: { threadId: string; to: string; author: MemberCard; now: string },
): ChatMessage {
  return {
    _id: pendingId,
    connection: threadId,
    body: draft.body.trim(),
    read: false,
    authorProfile: author,
    createdAt: now,
    replyTo: draft.replyTo ? quoteOf(draft.replyTo) : null,
    mediaFiles: draft.attachments,
    to,
    deleted: false,
    pending: 'sending',
  };
}

/** The multipart form of POST /connections/messages (files already uploaded: their ids). */
export function messageForm(draft: MessageDraft, { threadId, to }: { threadId: string; to: string }): FormData {
  const form = new FormData();
  form.set('body', draft.body.trim());
  form.set('to', to);
  form.set('connectionId', threadId);
  if (draft.replyTo) form.set('replyTo', draft.replyTo._id);
  for (const attachment of draft.attachments) form.append('mediaFiles', attachment._id);
  return form;
}
