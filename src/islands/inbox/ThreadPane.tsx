/**
 * The open conversation: a header linking to the member's profile (with Back in the narrow
 * layout), a read-only notice once the two are no longer connected, the messages grouped by
 * day with Load older at the top (the view stays where it was), and the composer.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MemberCard } from '@api/members/schemas';
import { MEMBER_TYPE_LABEL } from '../../lib/members/display';
import { groupByDay } from '../../lib/inbox/days';
import { latestSeenOwnId } from '../../lib/inbox/messages';
import type { ChatMessage, OpenThread } from '../../lib/inbox/types';
import { profilePath } from '../../lib/members/paths';
import { inboxActions } from '../../lib/stores/inbox';
import { Avatar } from '../ui/Avatar';
import { useDialogs } from '../ui/dialogs';
import { Composer } from './Composer';
import { MessageBubble, messageElementId } from './MessageBubble';

interface Props {
  open: OpenThread;
  viewer: MemberCard;
  now: number;
  mounted: boolean;
  focusRequest: number;
  onBack: () => void;
}

/** Within this many pixels of the end, new messages keep the view at the end. */
const NEAR_END = 120;

/** Shown beside the list when no conversation is open (wide layout). */
export function NoThread({ hasThreads }: { hasThreads: boolean }) {
  return (
    <div className="ib-empty-pane">
      <p className="ib-state-title">{hasThreads ? 'Select a conversation' : 'Your messages will show here'}</p>
      <p className="muted small">{hasThreads ? 'Choose one on the left to read it and reply.' : 'Start a conversation from a connection’s profile or your connections.'}</p>
    </div>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm ib-back" onClick={onBack}>
      <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="m15 18-6-6 6-6" />
      </svg>
      Back<span className="visually-hidden"> to conversations</span>
    </button>
  );
}

export function ThreadPane({ open, viewer, now, mounted, focusRequest, onBack }: Props) {
  const dialogs = useDialogs();
  const scroller = useRef<HTMLDivElement>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [replyFocus, setReplyFocus] = useState(0);
  const firstId = open.messages[0]?._id;
  const lastId = open.messages.at(-1)?._id;
  /** Where the view was before the last change: height and distance from the top. */
  const before = useRef<{ id: string; firstId?: string; lastId?: string; height: number; top: number; nearEnd: boolean } | null>(null);
  const timeZone = mounted ? undefined : 'UTC';
  const groups = useMemo(() => groupByDay(open.messages, now, timeZone), [open.messages, now, timeZone]);
  const seenId = useMemo(() => latestSeenOwnId(open.messages, viewer._id), [open.messages, viewer._id]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const previous = before.current;
    if (!previous || previous.id !== open.id) box.scrollTop = box.scrollHeight;
    else if (previous.firstId !== firstId && previous.lastId === lastId) box.scrollTop = previous.top + (box.scrollHeight - previous.height);
    else if (previous.lastId !== lastId && (previous.nearEnd || open.messages.at(-1)?.authorProfile._id === viewer._id)) box.scrollTop = box.scrollHeight;
    before.current = { id: open.id, firstId, lastId, height: box.scrollHeight, top: box.scrollTop, nearEnd: box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_END };
  }, [open.id, firstId, lastId, open.messages, viewer._id, open.status]);

  const remember = () => {
    const box = scroller.current;
    if (box && before.current)
      Object.assign(before.current, { top: box.scrollTop, height: box.scrollHeight, nearEnd: box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_END });
  };

  if (open.status === 'loading' && !open.thread) {
    return (
      <section className="ib-thread" aria-busy="true" aria-label="Conversation">
        <div className="ib-thread-head">
          <BackButton onBack={onBack} />
          <span className="ib-skel ib-skel-line" />
        </div>
        <p className="visually-hidden" role="status">
          Loading the conversation
        </p>
        <div className="ib-messages ib-messages-skeleton" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <span key={key} className="ib-skel ib-skel-bubble" data-own={key === 1 || undefined} />
          ))}
        </div>
      </section>
    );
  }
  if (!open.thread) {
    const notFound = open.error === 'Conversation not found.';
    return (
      <section className="ib-thread" aria-label="Conversation">
        <div className="ib-thread-head">
          <BackButton onBack={onBack} />
        </div>
        <div className="ib-state" role="alert">
          <p className="ib-state-title">{notFound ? 'Conversation not found' : 'This conversation could not be loaded'}</p>
          <p className="muted small">{notFound ? 'It does not exist, or it is not yours to read.' : open.error}</p>
          {!notFound && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void inboxActions.openThread(open.id)}>
              Retry
            </button>
          )}
        </div>
      </section>
    );
  }

  const { thread } = open;
  const member = thread.receiver;
  const writable = thread.canWrite && thread.status === 'accepted';
  const reply = (message: ChatMessage) => {
    setReplyTo(message);
    setReplyFocus((value) => value + 1);
  };
  const remove = async (message: ChatMessage) => {
    const confirmed = await dialogs.confirm({
      title: 'Delete this message?',
      body: `It will read “This message was deleted” for you and ${member.name}. Its files are removed.`,
      confirmLabel: 'Delete message',
      danger: true,
    });
    if (confirmed) await inboxActions.deleteMessage(open.id, message._id);
  };
  const showQuote = (messageId: string) => {
    const target = document.getElementById(messageElementId(messageId));
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
    target.classList.add('ib-msg-flash');
    setTimeout(() => target.classList.remove('ib-msg-flash'), 1600);
  };

  return (
    <section className="ib-thread" aria-labelledby={`ib-with-${open.id}`}>
      <header className="ib-thread-head">
        <BackButton onBack={onBack} />
        <a className="ib-member" href={profilePath(member.memberType, member.slug)}>
          <Avatar member={member} size={36} />
          <span className="ib-member-text">
            <span className="ib-member-name" id={`ib-with-${open.id}`}>
              {member.name}
            </span>
            <span className="ib-member-line">{member.tagline || MEMBER_TYPE_LABEL[member.memberType]}</span>
          </span>
        </a>
      </header>
      <div className="ib-messages" ref={scroller} onScroll={remember} tabIndex={0} aria-label={`Messages with ${member.name}`}>
        {open.hasMore && (
          <div className="ib-older">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-disabled={open.loadingOlder || undefined}
              onClick={() => {
                remember();
                void inboxActions.loadOlder();
              }}
            >
              {open.loadingOlder ? 'Loading…' : 'Load older messages'}
            </button>
            {open.olderError && (
              <p className="ib-problem" role="alert">
                {open.olderError}
              </p>
            )}
          </div>
        )}
        {open.messages.length === 0 && <p className="ib-start muted small">This is the start of your conversation with {member.name}.</p>}
        {groups.map((group) => (
          <section key={group.key} className="ib-day" aria-label={group.label}>
            <h3 className="ib-day-label">{group.label}</h3>
            <ol className="ib-day-list">
              {group.items.map((message) => (
                <MessageBubble
                  key={message._id}
                  message={message}
                  own={message.authorProfile._id === viewer._id}
                  timeZone={timeZone}
                  canWrite={writable}
                  onReply={reply}
                  onDelete={(target) => void remove(target)}
                  onQuote={showQuote}
                  onRetry={inboxActions.retry}
                  onDiscard={inboxActions.discard}
                  seen={message._id === seenId}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
      {writable ? (
        <Composer threadId={open.id} recipientName={member.name} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} focusRequest={focusRequest + replyFocus} />
      ) : (
        <p className="ib-readonly" role="note">
          You are no longer connected with {member.name}. The conversation stays here to read, but no new messages can be sent.
        </p>
      )}
    </section>
  );
}
