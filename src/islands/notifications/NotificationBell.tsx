/**
 * The header's notification bell, a view of `$notifications`: the unseen count (the server's
 * figure until the island wakes, then the store's, which the member shell keeps live and
 * seeds from this page's figure: src/lib/live/wiring.ts) and a drop-down of the most recent
 * notifications. Before it wakes it is a plain link to /notifications. The drop-down is a non-modal
 * dialog: arrow keys move between rows, Escape (or a click outside, or Tab past its end)
 * closes it and Escape puts focus back on the bell. Where this browser could get web push but has
 * none and notifications are not blocked, the drop-down offers "Turn on notifications on this
 * device" (lib/push/enable.ts, as the settings page does; the browser asks only on that click).
 * The drop-down's list and that offer (./BellList.tsx) load when it is first opened.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { countFigure } from '../../lib/count-badge';
import { BELL_UNSEEN_ATTRIBUTE, bellLabel } from '../../lib/notifications/badge';
import type { Notification } from '../../lib/notifications/types';
import type { NotificationsState } from '../../lib/notifications/state';
import { MediaBaseProvider } from '../ui/media-base';
import { BellIcon } from './BellIcon';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './notifications.css';

/**
 * The store loads after the page's first load (it comes with the live wiring, which feeds it):
 * until then the bell shows the server's figure.
 */
const loadStore = () => import('../../lib/stores/notifications');
const withStore = (use: (store: Awaited<ReturnType<typeof loadStore>>) => unknown) => {
  void loadStore().then(use);
};

const BellList = lazy(() => import('./BellList').then((module) => ({ default: module.BellList })));

interface Props {
  initialUnseen: number;
  renderedAt: number;
  mediaBaseUrl?: string;
}

function BellFace({ count }: { count: number }) {
  return (
    <>
      <BellIcon />
      <span className="visually-hidden">{bellLabel(count)}</span>
      {count > 0 && (
        <span className="count-badge nt-bell-badge" aria-hidden="true" data-bell-count>
          {countFigure(count)}
        </span>
      )}
    </>
  );
}

function NotificationBell({ initialUnseen, renderedAt, mediaBaseUrl }: Props) {
  const [state, setState] = useState<NotificationsState | null>(null);
  const [awake, setAwake] = useState(false);
  const [open, setOpen] = useState(false);
  // The list loads with the first opening (issue 29: it is not in the page's first load).
  const [opened, setOpened] = useState(false);
  const [now, setNow] = useState(renderedAt);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    setAwake(true);
    let current = true;
    let stop: (() => void) | undefined;
    withStore(({ $notifications }) => {
      if (current) stop = $notifications.subscribe(setState);
    });
    return () => {
      current = false;
      stop?.();
    };
  }, []);

  // A click outside closes it; so does focus leaving it (Tab past the end).
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const count = awake && state ? state.unseenCount : initialUnseen;
  // The server's figure stays in the markup for the shell to seed the store from.
  const rendered = { [BELL_UNSEEN_ATTRIBUTE]: initialUnseen };

  if (!awake) {
    return (
      <div className="nt-bell" {...rendered}>
        <a className="icon-btn nt-bell-toggle" href="/notifications">
          <BellFace count={count} />
        </a>
      </div>
    );
  }

  const toggle = () => {
    if (!open) {
      setNow(Date.now());
      setOpened(true);
      withStore(({ notificationsActions }) => notificationsActions.load());
    }
    setOpen(!open);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const openRow = (notification: Notification) => {
    withStore(({ notificationsActions }) => notificationsActions.markSeen(notification._id));
    setOpen(false);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? [])];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <div className="nt-bell" ref={rootRef} {...rendered}>
        <button
          ref={toggleRef}
          type="button"
          className="icon-btn nt-bell-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-haspopup="dialog"
          onClick={toggle}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) close(true);
          }}
        >
          <BellFace count={count} />
        </button>
        <div ref={panelRef} id={panelId} className="nt-panel" role="dialog" aria-labelledby={headingId} tabIndex={-1} hidden={!open} onKeyDown={onPanelKeyDown}>
          <div className="nt-panel-head">
            <h2 id={headingId} className="nt-panel-title">
              Notifications
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => withStore(({ notificationsActions }) => notificationsActions.markAllSeen())}
              disabled={count === 0}
            >
              Mark all as read
            </button>
          </div>
          {opened && (
            <Suspense fallback={<p className="nt-panel-note">Loading notifications…</p>}>
              <BellList open={open} now={now} onOpen={openRow} />
            </Suspense>
          )}
          <a className="nt-panel-all" href="/notifications" onClick={() => setOpen(false)}>
            See all notifications
          </a>
        </div>
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(NotificationBell);
