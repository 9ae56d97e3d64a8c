/**
 * The notification bell's drop-down list (./NotificationBell.tsx): the most recent
 * notifications, or loading, error and empty notes, then the offer to turn on push for this
 * browser. Loaded when the drop-down is first opened, so the page's first load leaves it out.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/client';
import type { Notification } from '../../lib/notifications/types';
import { canOfferPush, enablePushOnThisDevice } from '../../lib/push/enable';
import { $notifications, notificationsActions } from '../../lib/stores/notifications';
import { toast } from '../../lib/toast';
import { NotificationRow } from './NotificationRow';

/** How many of the newest notifications the drop-down shows. */
const RECENT = 6;

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

/** The drop-down's list and push offer; `open` says whether the drop-down shows. */
export function BellList({ open, now, onOpen }: { open: boolean; now: number; onOpen: (notification: Notification) => void }) {
  const state = useStore($notifications);
  const recent = state.notifications.slice(0, RECENT);
  const loading = state.status === 'idle' || state.status === 'loading';
  return (
    <>
      <div className="nt-panel-body" aria-busy={loading && recent.length === 0}>
        {recent.length > 0 ? (
          <ul className="nt-list" aria-label="Recent notifications">
            {recent.map((notification) => (
              <li key={notification._id}>
                <NotificationRow notification={notification} now={now} compact onOpen={onOpen} />
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
    </>
  );
}
