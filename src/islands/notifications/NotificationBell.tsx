/**
 * The header's notification bell, a view of `$notifications`: the unseen count (the server's
 * figure until the island wakes, then the store's, which the member shell keeps live and
 * seeds from this page's figure: src/lib/live/wiring.ts) and a drop-down of the most recent
 * notifications. Before it wakes it is a plain link to /notifications. The drop-down is a non-modal
 * dialog: arrow keys move between rows, Escape (or a click outside, or Tab past its end)
 * closes it and Escape puts focus back on the bell. Where this browser could get web push but has
 * none and notifications are not blocked, the drop-down offers "Turn on notifications on this
 * device" (lib/push/enable.ts, as the settings page does; the browser asks only on that click).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../lib/api/client';
import { countFigure } from '../../lib/count-badge';
import { BELL_UNSEEN_ATTRIBUTE, bellLabel } from '../../lib/notifications/badge';
import type { Notification } from '../../lib/notifications/types';
import { canOfferPush, enablePushOnThisDevice } from '../../lib/push/enable';
import { $notifications, notificationsActions } from '../../lib/stores/notifications';
import { toast } from '../../lib/toast';
import { MediaBaseProvider } from '../ui/media-base';
import { BellIcon } from './KindIcon';
import { NotificationRow } from './NotificationRow';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './notifications.css';

/** How many of the newest notifications the drop-down shows. */
const RECENT = 6;

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

/** The drop-down's offer to turn push on for this browser; nothing where it does not apply. */
function PushOffer({ open }: { open: boolean }) {
  const [offer, setOffer] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    void canOfferPush().then((can) => {
      if (current) setOffer(can);
    });
    return () => {
      current = false;
    };
  }, [open]);

  if (!offer) return null;

  const turnOn = async () => {
    setBusy(true);
    try {
      const enabled = await enablePushOnThisDevice(api);
      if ('refused' in enabled) toast(enabled.refused, { kind: 'error' });
      else toast('Notifications are on for this device.', { kind: 'success' });
    } catch (error) {
      toast(`Notifications could not be turned on: ${error instanceof Error ? error.message : 'Something went wrong.'}`, { kind: 'error' });
    }
    const still = await canOfferPush();
    // The button goes away once on: focus stays in the drop-down, so arrows and Escape still work.
    if (!still) (ref.current?.closest('[role="dialog"]') as HTMLElement | null)?.focus();
    setOffer(still);
    setBusy(false);
  };

  return (
    <div className="nt-panel-push" ref={ref}>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => void turnOn()} disabled={busy}>
        {busy ? 'Turning on…' : 'Turn on notifications on this device'}
      </button>
    </div>
  );
}

function NotificationBell({ initialUnseen, renderedAt, mediaBaseUrl }: Props) {
  const state = useStore($notifications);
  const [awake, setAwake] = useState(false);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(renderedAt);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => setAwake(true), []);

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

  const count = awake ? state.unseenCount : initialUnseen;
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
      void notificationsActions.load();
    }
    setOpen(!open);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const openRow = (notification: Notification) => {
    void notificationsActions.markSeen(notification._id);
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

  const recent = state.notifications.slice(0, RECENT);
  const loading = state.status === 'idle' || state.status === 'loading';

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
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void notificationsActions.markAllSeen()} disabled={count === 0}>
              Mark all as read
            </button>
          </div>
          <div className="nt-panel-body" aria-busy={loading && recent.length === 0}>
            {recent.length > 0 ? (
              <ul className="nt-list" aria-label="Recent notifications">
                {recent.map((notification) => (
                  <li key={notification._id}>
                    <NotificationRow notification={notification} now={now} compact onOpen={openRow} />
                  </li>
                ))}
              </ul>
            ) : loading ? (
              <p className="nt-panel-note">Loading notifications…</p>
            ) : state.status === 'error' ? (
              <div className="nt-panel-note" role="alert">
                <p>{state.error ?? 'Notifications could not be loaded.'}</p>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => void notificationsActions.load({ force: true })}>
                  Try again
                </button>
              </div>
            ) : (
              <p className="nt-panel-note">You're all caught up. Requests, likes, comments, mentions and messages show up here.</p>
            )}
          </div>
          <PushOffer open={open} />
          <a className="nt-panel-all" href="/notifications" onClick={() => setOpen(false)}>
            See all notifications
          </a>
        </div>
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(NotificationBell);
