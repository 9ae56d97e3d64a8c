/**
 * The message composer: a growing text box (Enter sends, Shift+Enter starts a new line,
 * a count from 80% of the 5,000-character limit; longer text is kept and refused with the
 * reason, never cut), Attach (up to 5 files of 10 MB, uploaded at
 * once with progress chips), the message being answered with Cancel, and Send — disabled
 * while there is nothing to send or files are still uploading. Problems show inline.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_BODY_MAX_LENGTH } from '@api/shared/inbox-limits';
import { ATTACHMENT_ACCEPT, formatSize, MESSAGE_MAX_ATTACHMENTS } from '../../lib/inbox/files';
import { quoteSummary, quoteOf } from '../../lib/inbox/pending';
import type { ChatMessage } from '../../lib/inbox/types';
import { inboxActions } from '../../lib/stores/inbox';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { useLimitRefusal } from '../ui/use-limit-refusal';
import { useUploads } from './use-uploads';

interface Props {
  /** The conversation (the draft starts over in another one). */
  threadId: string;
  recipientName: string;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  /** Bumped to move focus here (a conversation was opened, Reply was chosen). */
  focusRequest: number;
}

/** Tallest the text box grows, in pixels, before it scrolls. */
const MAX_HEIGHT = 200;

export function Composer({ threadId, recipientName, replyTo, onCancelReply, focusRequest }: Props) {
  const [body, setBody] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const uploads = useUploads();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    setBody('');
    uploads.clear();
    setSendError(null);
  }, [threadId, uploads.clear]);

  useEffect(() => {
    if (focusRequest > 0) textarea.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  useLayoutEffect(() => {
    const box = textarea.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(MAX_HEIGHT, box.scrollHeight)}px`;
  }, [body]);

  const empty = body.trim() === '' && uploads.ready.length === 0;
  const blocked = empty || uploads.uploading || uploads.failed;
  // The API counts the body as sent, before trimming it.
  const tooLong = overLimitReason('message', body.length, MESSAGE_BODY_MAX_LENGTH);
  const limit = useLimitRefusal(tooLong);

  const send = () => {
    if (limit.refuse()) return;
    if (blocked) {
      if (uploads.failed) setSendError('Remove the files that could not be uploaded, or attach them again.');
      return;
    }
    const sent = inboxActions.send({ body, attachments: uploads.ready, replyTo });
    if (!sent) return;
    setBody('');
    uploads.clear();
    setSendError(null);
    onCancelReply();
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const shownError = limit.shown ?? sendError;
  const problems = [...uploads.errors, ...(shownError ? [shownError] : [])];

  return (
    <form
      className="ib-composer"
      aria-label={`Message ${recipientName}`}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {replyTo && (
        <div className="ib-replying">
          <span className="ib-replying-text">
            Replying to <strong>{replyTo.authorProfile.name}</strong>: {quoteSummary(quoteOf(replyTo))}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              onCancelReply();
              textarea.current?.focus();
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {uploads.chips.length > 0 && (
        <ul className="ib-chips" aria-label="Attached files">
          {uploads.chips.map((chip) => (
            <li key={chip.key} className="ib-chip" data-status={chip.status}>
              <span className="ib-chip-name">{chip.name}</span>
              <span className="ib-chip-info">
                {chip.status === 'uploading' ? (
                  <>
                    <progress max={100} value={chip.progress} aria-label={`Uploading ${chip.name}`} />
                    <span aria-hidden="true">{chip.progress}%</span>
                  </>
                ) : chip.status === 'error' ? (
                  <span className="ib-chip-error">{chip.error}</span>
                ) : (
                  formatSize(chip.size)
                )}
              </span>
              <button type="button" className="icon-btn ib-chip-remove" aria-label={`Remove ${chip.name}`} onClick={() => uploads.remove(chip.key)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ib-compose-row">
        <input
          ref={fileInput}
          id={`${id}-files`}
          className="visually-hidden"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            uploads.add(Array.from(event.target.files ?? []));
            event.target.value = '';
            setSendError(null);
          }}
        />
        <button
          type="button"
          className="icon-btn ib-attach"
          aria-label={`Attach files (up to ${MESSAGE_MAX_ATTACHMENTS}, 10 MB each)`}
          aria-disabled={uploads.chips.length >= MESSAGE_MAX_ATTACHMENTS || undefined}
          onClick={() => uploads.chips.length < MESSAGE_MAX_ATTACHMENTS && fileInput.current?.click()}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
          </svg>
        </button>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Message to {recipientName}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          className="ib-input"
          rows={1}
          placeholder="Write a message…"
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={`${id}-hint ${id}-count`}
        />
        {/* Over the limit Send stays focusable and says why it can't send (its description). */}
        <button
          type="submit"
          className="btn btn-primary ib-send"
          disabled={blocked && !tooLong}
          aria-disabled={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${id}-count` : undefined}
        >
          {uploads.uploading ? 'Uploading…' : 'Send'}
        </button>
      </div>
      <div className="ib-compose-foot">
        <span id={`${id}-hint`} className="ib-hint">
          Enter to send, Shift+Enter for a new line
        </span>
        <CharacterCount id={`${id}-count`} length={body.length} max={MESSAGE_BODY_MAX_LENGTH} className="ib-counter" />
      </div>
      {problems.length > 0 && (
        <div className="ib-problems-box">
          <ul className="ib-problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              uploads.dismiss();
              setSendError(null);
              textarea.current?.focus();
            }}
          >
            Dismiss
          </button>
        </div>
      )}
    </form>
  );
}
