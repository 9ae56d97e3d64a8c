/**
 * An open thread's messages as pure functions: pages merged without repeats in time
 * order, the stand-in of a message on its way swapped for the stored one, and deletions
 * (the message and every quote of it read "This message was deleted").
 */
import type { ChatMessage, Message } from './types';

const timeOf = (message: Pick<Message, 'createdAt'>) => {
  const time = Date.parse(message.createdAt);
  return Number.isNaN(time) ? 0 : time;
};

/**
 * `current` plus `incoming`, oldest first, each message once (a stored copy replaces the
 * one shown). Messages still on their way stay last, in the order they were written.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly Message[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of current) if (!message.pending) byId.set(message._id, message);
  for (const message of incoming) byId.set(message._id, message);
  const stored = [...byId.values()].sort((a, b) => timeOf(a) - timeOf(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return [...stored, ...current.filter((message) => message.pending)];
}

/** The stand-in `pendingId` replaced by the stored `message` (added when the stand-in is gone). */
export function settlePending(current: readonly ChatMessage[], pendingId: string, message: Message): ChatMessage[] {
  return mergeMessages(
    current.filter((entry) => entry._id !== pendingId),
    [message],
  );
}

/** The stand-in `pendingId` marked failed (with the reason) or sending again. */
export function withPendingState(current: readonly ChatMessage[], pendingId: string, state: 'sending' | 'failed', error?: string): ChatMessage[] {
  return current.map((entry) => (entry._id === pendingId ? { ...entry, pending: state, error: state === 'failed' ? error : undefined } : entry));
}

/** `messageId` shown deleted: no text, no files; quotes of it say it was deleted. */
export function markDeleted(current: readonly ChatMessage[], messageId: string): ChatMessage[] {
  return current.map((entry) => {
    if (entry._id === messageId) return { ...entry, body: '', mediaFiles: [], deleted: true };
    if (entry.replyTo?._id === messageId) return { ...entry, replyTo: { ...entry.replyTo, body: '', deleted: true, attachmentCount: 0 } };
    return entry;
  });
}

/** The viewer's messages to read: every message to `viewerId` marked read. */
export function markReadFor(current: readonly ChatMessage[], viewerId: string): ChatMessage[] {
  return current.map((entry) => (entry.to === viewerId && !entry.read ? { ...entry, read: true } : entry));
}

/** The thread's latest message when it is the member's and the other member has read it (it says Seen), else null. */
export function latestSeenOwnId(current: readonly ChatMessage[], viewerId: string): string | null {
  const latest = current.findLast((entry) => !entry.pending);
  return latest && latest.authorProfile._id === viewerId && latest.read && !latest.deleted ? latest._id : null;
}

/** The id of the oldest stored message (the `before` of the next older page). */
export function oldestStoredId(current: readonly ChatMessage[]): string | null {
  return current.find((entry) => !entry.pending)?._id ?? null;
}

/**
 * The stand-in still sending that `stored` (the viewer's own message, arrived live before the
 * send's answer) is the stored copy of: same text, files and quoted message. Null when none.
 */
export function pendingMatching(current: readonly ChatMessage[], stored: Message): ChatMessage | null {
  const files = (message: Pick<Message, 'mediaFiles'>) => message.mediaFiles.map((file) => file._id).join(',');
  return (
    current.find(
      (entry) =>
        entry.pending === 'sending' &&
        entry.authorProfile._id === stored.authorProfile._id &&
        entry.body === stored.body &&
        files(entry) === files(stored) &&
        (entry.replyTo?._id ?? null) === (stored.replyTo?._id ?? null),
    ) ?? null
  );
}
