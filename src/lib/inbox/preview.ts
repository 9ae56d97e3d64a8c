/**
 * What a thread row says about its latest message: plain text only, "You: " before the
 * viewer's own, "Sent an attachment" for a message without text, "This message was deleted".
 */
import type { Message, Thread } from './types';

/** Longest preview shown in a row (the row also clips with CSS). */
const PREVIEW_MAX = 120;

/** One line of the message: whitespace folded, cut at PREVIEW_MAX with an ellipsis. */
export function oneLine(text: string, max: number = PREVIEW_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The text a message shows in previews and quotes. */
export function messageSummary(message: Pick<Message, 'body' | 'deleted' | 'mediaFiles'>): string {
  if (message.deleted) return 'This message was deleted';
  const text = oneLine(message.body);
  if (text) return text;
  const count = message.mediaFiles.length;
  return count > 1 ? `Sent ${count} attachments` : 'Sent an attachment';
}

/** The row's preview of `thread` for `viewerId`; '' before the first message. */
export function threadPreview(thread: Thread, viewerId: string | null): string {
  const latest = thread.latestMessage;
  if (!latest) return oneLine(thread.message);
  const own = viewerId !== null && latest.authorProfile._id === viewerId;
  return `${own ? 'You: ' : ''}${messageSummary(latest)}`;
}
