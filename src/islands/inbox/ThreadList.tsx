/**
 * The conversation list: All / Unread, one link per conversation (picture, name, preview of
 * the latest message, when, unread badge), Load more, and its loading, error and empty states.
 * Rows are links (open in a new tab works); a plain click opens the conversation in place.
 */
import type { MouseEvent } from 'react';
import { countFigure } from '../../lib/count-badge';
import { fullDate, relativeTime } from '../../lib/text/relative-time';
import { inboxAddress } from '../../lib/inbox/paths';
import { threadPreview } from '../../lib/inbox/preview';
import type { InboxState, Thread, ThreadFilter } from '../../lib/inbox/types';
import { inboxActions } from '../../lib/stores/inbox';
import { Avatar } from '../ui/Avatar';

interface Props {
  state: InboxState;
  viewerId: string;
  now: number;
  /** After hydration (exact dates depend on the reader's time zone). */
  mounted: boolean;
  onSelect: (threadId: string) => void;
}

const FILTERS: ReadonlyArray<{ key: ThreadFilter; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'unread', label: 'Unread' },
];

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function ThreadRow({
  thread,
  viewerId,
  selected,
  now,
  mounted,
  onSelect,
}: {
  thread: Thread;
  viewerId: string;
  selected: boolean;
  now: number;
  mounted: boolean;
  onSelect: (id: string) => void;
}) {
  const unread = thread.unreadCount;
  const when = thread.latestMessage?.createdAt ?? thread.updatedAt;
  const preview = threadPreview(thread, viewerId);
  return (
    <li>
      <a
        className="ib-row"
        href={inboxAddress(thread._id)}
        data-thread-id={thread._id}
        data-unread={unread > 0 || undefined}
        aria-current={selected ? 'true' : undefined}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          onSelect(thread._id);
        }}
      >
        <Avatar member={thread.receiver} size={44} />
        <span className="ib-row-main">
          <span className="ib-row-top">
            <span className="ib-row-name">{thread.receiver.name}</span>
            <time className="ib-row-time" dateTime={when} title={mounted ? fullDate(when) : undefined}>
              {relativeTime(when, now)}
            </time>
          </span>
          <span className="ib-row-bottom">
            <span className="ib-row-preview">{preview || 'No messages yet'}</span>
            {unread > 0 && (
              <span className="count-badge ib-unread" aria-label={unread === 1 ? '1 unread message' : `${unread} unread messages`}>
                {countFigure(unread)}
              </span>
            )}
          </span>
        </span>
      </a>
    </li>
  );
}

function Skeleton() {
  return (
    <ul className="ib-rows" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((key) => (
        <li key={key} className="ib-row ib-row-skeleton">
          <span className="ib-skel ib-skel-avatar" />
          <span className="ib-row-main">
            <span className="ib-skel ib-skel-line" />
            <span className="ib-skel ib-skel-line ib-skel-short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ThreadList({ state, viewerId, now, mounted, onSelect }: Props) {
  const { users, status, filter } = state;
  return (
    <nav className="ib-list" aria-label="Conversations" aria-busy={status === 'loading' || undefined}>
      <div className="ib-list-head">
        <h2 className="ib-list-title">Conversations</h2>
        <div className="ib-filter" role="group" aria-label="Show">
          {FILTERS.map(({ key, label }) => (
            <button key={key} type="button" className="ib-filter-btn" aria-pressed={filter === key} onClick={() => filter !== key && void inboxActions.loadThreads(key)}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {status === 'loading' && users.length === 0 ? (
        <>
          <p className="visually-hidden" role="status">
            Loading conversations
          </p>
          <Skeleton />
        </>
      ) : status === 'error' ? (
        <div className="ib-state" role="alert">
          <p>{state.error ?? 'The conversations could not be loaded.'}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void inboxActions.loadThreads(filter)}>
            Retry
          </button>
        </div>
      ) : users.length === 0 ? (
        <div className="ib-state">
          {filter === 'unread' ? (
            <p>You have read everything.</p>
          ) : (
            <>
              <p className="ib-state-title">No conversations yet</p>
              <p className="muted small">Message one of your connections to start one.</p>
              <a className="btn btn-primary btn-sm" href="/connections?tab=connections">
                Message one of your connections
              </a>
            </>
          )}
        </div>
      ) : (
        <>
          <ul className="ib-rows">
            {users.map((thread) => (
              <ThreadRow key={thread._id} thread={thread} viewerId={viewerId} selected={state.open?.id === thread._id} now={now} mounted={mounted} onSelect={onSelect} />
            ))}
          </ul>
          {state.hasMore && (
            <div className="ib-more">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-disabled={state.loadingMore || undefined}
                onClick={() => !state.loadingMore && void inboxActions.loadMore()}
              >
                {state.loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </nav>
  );
}
