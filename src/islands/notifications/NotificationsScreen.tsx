/**
 * The notifications page: every notification of the member, newest first, from
 * `$notifications` (the first page comes rendered from the server), live as they arrive.
 * A row opens its link and marks it seen; unseen rows have their own "Mark as read";
 * "Mark all as read" and "Load more" below. Empty, loading and error states.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { InitialNotifications } from '../../lib/notifications/state';
import type { Notification } from '../../lib/notifications/types';
import { $notifications, notificationsActions } from '../../lib/stores/notifications';
import { useNow } from '../ui/use-now';
import { MediaBaseProvider } from '../ui/media-base';
import { NotificationRow } from './NotificationRow';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './notifications.css';

interface Props {
  initial: InitialNotifications;
  renderedAt: number;
  mediaBaseUrl?: string;
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

function NotificationsScreen({ initial, renderedAt, mediaBaseUrl }: Props) {
  const stored = useStore($notifications);
  const [hydrated, setHydrated] = useState(false);
  const { now } = useNow(renderedAt);

  useEffect(() => {
    notificationsActions.hydrate(initial);
    setHydrated(true);
  }, [initial]);

  // The first render shows what the server rendered, so hydration matches.
  const notifications = hydrated ? stored.notifications : (initial.page?.data ?? []);
  const status = hydrated ? stored.status : initial.page ? 'ready' : 'error';
  const error = hydrated ? stored.error : initial.error;
  const hasMore = hydrated ? stored.hasMore : initial.page ? initial.page.page < initial.page.pages : false;
  const unseen = hydrated ? stored.unseenCount : notifications.filter((item) => !item.isSeen).length;
  const anyUnseen = unseen > 0 || notifications.some((item) => !item.isSeen);

  const open = (notification: Notification) => void notificationsActions.markSeen(notification._id);

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <div className="nt-screen">
        <div className="nt-toolbar">
          <p className="muted" aria-live="polite">
            {unseen > 0 ? `${unseen} unread` : 'No unread notifications'}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" disabled={!hydrated || !anyUnseen} onClick={() => void notificationsActions.markAllSeen()}>
            Mark all as read
          </button>
        </div>

        {notifications.length > 0 ? (
          <ul className="nt-list nt-page-list" aria-label="Notifications">
            {notifications.map((notification) => (
              <li key={notification._id} className="nt-page-item">
                <NotificationRow notification={notification} now={now} onOpen={open} />
                {!notification.isSeen && (
                  <button type="button" className="icon-btn nt-mark" disabled={!hydrated} onClick={() => void notificationsActions.markSeen(notification._id)}>
                    <CheckIcon />
                    <span className="visually-hidden">Mark as read: {notification.title}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : status === 'loading' || status === 'idle' ? (
          <p className="nt-state" aria-busy="true">
            Loading notifications…
          </p>
        ) : status === 'error' ? (
          <div className="nt-state" role="alert">
            <p>{error ?? 'Notifications could not be loaded.'}</p>
            <button type="button" className="btn btn-secondary btn-sm" disabled={!hydrated} onClick={() => void notificationsActions.load({ force: true })}>
              Try again
            </button>
          </div>
        ) : (
          <div className="nt-state">
            <p className="nt-state-title">No notifications yet</p>
            <p className="muted">Connection requests, likes, comments, mentions and messages will show up here as they happen.</p>
          </div>
        )}

        {notifications.length > 0 && hasMore && (
          <div className="nt-more">
            <button type="button" className="btn btn-secondary" disabled={!hydrated || status === 'loading-more'} onClick={() => void notificationsActions.loadMore()}>
              {status === 'loading-more' ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(NotificationsScreen);
