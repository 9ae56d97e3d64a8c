/**
 * One message: own on the right, the other member's on the left; the quoted message above
 * a reply (a click shows it when it is loaded), the text, the files, the time, and the
 * message's menu (Reply; Delete for one's own; Report for the other member's). A message on its way says "Sending…"; a
 * failed one says why, with Retry and Remove. Deleted: "This message was deleted". The
 * thread's latest message, when it is the member's, says "Seen" once the other member has read it.
 */
import { clockTime } from '../../lib/inbox/days';
import { quoteSummary } from '../../lib/inbox/pending';
import type { ChatMessage } from '../../lib/inbox/types';
import { useState } from 'react';
import { sendReport } from '../../lib/reports/send';
import { ReportDialog } from '../ui/ReportForm';
import { RowMenu, type MenuItem } from '../ui/RowMenu';
import { Attachments } from './Attachments';
import { MessageText } from './MessageText';

interface Props {
  message: ChatMessage;
  own: boolean;
  /** Undefined in the browser after hydration (the reader's zone); 'UTC' before. */
  timeZone: string | undefined;
  /** Whether the thread can still be written to (Reply offered). */
  canWrite: boolean;
  onReply: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onQuote: (messageId: string) => void;
  onRetry: (pendingId: string) => void;
  onDiscard: (pendingId: string) => void;
  /** The thread's latest message, the member's, read by the other member: it says Seen. */
  seen?: boolean;
}

/** The element id of a message (quotes scroll to it). */
export const messageElementId = (id: string) => `ib-msg-${id}`;

export function MessageBubble({ message, own, timeZone, canWrite, onReply, onDelete, onQuote, onRetry, onDiscard, seen = false }: Props) {
  const pending = message.pending;
  const [reporting, setReporting] = useState(false);
  const menu: MenuItem[] = [];
  if (!pending && !message.deleted) {
    if (canWrite) menu.push({ label: 'Reply', onSelect: () => onReply(message) });
    if (own) menu.push({ label: 'Delete', danger: true, onSelect: () => onDelete(message) });
    else menu.push({ label: 'Report', onSelect: () => setReporting(true) });
  }
  const time = clockTime(message.createdAt, timeZone);
  return (
    <li className="ib-msg" id={messageElementId(message._id)} tabIndex={-1} data-own={own || undefined} data-pending={pending}>
      <div className="ib-bubble-wrap">
        <div className="ib-bubble" data-deleted={message.deleted || undefined}>
          <span className="visually-hidden">{own ? 'You' : message.authorProfile.name}: </span>
          {message.replyTo && (
            <button
              type="button"
              className="ib-quote"
              onClick={() => onQuote(message.replyTo!._id)}
              aria-label={`Replying to ${message.replyTo.authorName}: ${quoteSummary(message.replyTo)}. Show that message`}
            >
              <span className="ib-quote-author">{message.replyTo.authorName}</span>
              <span className="ib-quote-text">{quoteSummary(message.replyTo)}</span>
            </button>
          )}
          {message.deleted ? (
            <p className="ib-text ib-deleted">This message was deleted</p>
          ) : (
            <>
              {message.body && <MessageText text={message.body} />}
              <Attachments files={message.mediaFiles} />
            </>
          )}
        </div>
        {menu.length > 0 && (
          <span className="ib-msg-menu">
            <RowMenu label={`Message actions`} items={menu} />
          </span>
        )}
      </div>
      <div className="ib-meta">
        {pending === 'sending' ? (
          <span role="status">Sending…</span>
        ) : pending === 'failed' ? (
          <span className="ib-failed" role="alert">
            Not sent{message.error ? `: ${message.error}` : ''}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRetry(message._id)}>
              Retry
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onDiscard(message._id)}>
              Remove
            </button>
          </span>
        ) : (
          <>
            <time dateTime={message.createdAt}>{time}</time>
            {seen && <span className="ib-seen"> · Seen</span>}
          </>
        )}
      </div>
      {reporting && (
        <ReportDialog
          title={`Report this message from ${message.authorProfile.name}`}
          send={(reason, details) => sendReport({ targetType: 'message', targetId: message._id }, reason, details, `the message from ${message.authorProfile.name}`)}
          onClosed={() => setReporting(false)}
        />
      )}
    </li>
  );
}
