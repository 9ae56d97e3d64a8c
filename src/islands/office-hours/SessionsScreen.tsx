/**
 * The member's office-hours sessions (/sessions): Upcoming, To approve (requests to them as
 * host) and Past, as ARIA tabs. Rendered on the server with the list; then it follows the
 * live `session` event, reconnects and the tab shown again ($sessions reads the list again).
 * Times show on the browser's clock (on the server's first render, the viewer's booked zone).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SESSION_CHANGED_EVENT } from '../../lib/office-hours/sessions-live';
import { browserTimeZone } from '../../lib/office-hours/time';
import type { Booking, BookingList } from '../../lib/office-hours/types';
import { $sessions, sessionsActions } from '../../lib/stores/sessions';
import { CountedTabs, panelId, tabId } from '../ui/CountedTabs';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { MediaBaseProvider } from '../ui/media-base';
import { useNow } from '../ui/use-now';
import { CancelDialog } from './CancelDialog';
import { MoveDialog } from './MoveDialog';
import { NoShowDialog } from './NoShowDialog';
import { SessionCard } from './SessionCard';
import type { SessionUi } from './session-actions';
import './office-hours.css';

type TabKey = keyof BookingList;
const PREFIX = 'oh';
const TABS: Array<{ key: TabKey; label: string }> = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'toApprove', label: 'To approve' },
  { key: 'past', label: 'Past' },
];

interface Props {
  initial: BookingList | null;
  initialError: string | null;
  viewerId: string;
  /** The zone to show on the server's render (the browser's own after hydration). */
  renderZone: string;
  /** Whether the viewer has published office hours (the empty states differ). */
  publishedHours: boolean;
  renderedAt: number;
  mediaBaseUrl?: string;
}

function EmptyState({ tab, publishedHours }: { tab: TabKey; publishedHours: boolean }) {
  if (tab === 'toApprove')
    return (
      <p className="muted oh-empty">
        No requests wait for your answer.{' '}
        {publishedHours ? (
          'Requests appear here when you approve each session.'
        ) : (
          <a className="link" href="/settings/office-hours">
            Publish your office hours
          </a>
        )}
      </p>
    );
  if (tab === 'past') return <p className="muted oh-empty">Sessions you held, cancelled or declined appear here.</p>;
  return (
    <div className="oh-empty stack">
      <p className="muted">No upcoming sessions.</p>
      <p>
        <a className="btn btn-primary" href="/advisors">
          Find an advisor
        </a>{' '}
        {!publishedHours && (
          <a className="btn btn-secondary" href="/settings/office-hours">
            Publish your office hours
          </a>
        )}
      </p>
    </div>
  );
}

function SessionsScreen({ initial, initialError, viewerId, renderZone, publishedHours, renderedAt, mediaBaseUrl }: Props) {
  const state = useStore($sessions);
  const { now } = useNow(renderedAt);
  const [hydrated, setHydrated] = useState(false);
  const [zone, setZone] = useState(renderZone);
  const [tab, setTab] = useState<TabKey>(initial && initial.upcoming.length === 0 && initial.toApprove.length > 0 ? 'toApprove' : 'upcoming');
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [markingNoShow, setMarkingNoShow] = useState<Booking | null>(null);

  useEffect(() => {
    sessionsActions.hydrate(initial, initialError);
    setHydrated(true);
    setZone(browserTimeZone());
    const refresh = () => void sessionsActions.refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener(SESSION_CHANGED_EVENT, refresh);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener(SESSION_CHANGED_EVENT, refresh);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', refresh);
    };
  }, [initial, initialError]);

  const shown = hydrated ? state : { ...state, list: initial, error: initialError };
  const list = shown.list;
  const ui: SessionUi = {
    approve: (booking) => void sessionsActions.approve(booking._id),
    decline: (booking) => void sessionsActions.decline(booking._id),
    askCancel: setCancelling,
    askMove: setMoving,
    askNoShow: setMarkingNoShow,
  };
  const focusTab = () => document.getElementById(tabId(PREFIX, tab));

  return (
    <MediaBaseProvider base={mediaBaseUrl}>
      <div className="oh-sessions">
        <CountedTabs
          label="Sessions"
          prefix={PREFIX}
          tabs={TABS.map(({ key, label }) => ({ key, label, count: list ? list[key].length : null, strong: key === 'toApprove' }))}
          selected={tab}
          onSelect={setTab}
        />
        {shown.error && (
          <div className="alert alert-error oh-error" role="alert">
            <p>{shown.error}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void sessionsActions.refresh()}>
              Try again
            </button>
          </div>
        )}
        {TABS.map(({ key }) => (
          <div key={key} id={panelId(PREFIX, key)} role="tabpanel" aria-labelledby={tabId(PREFIX, key)} aria-busy={shown.loading || undefined} tabIndex={0} hidden={key !== tab}>
            {key !== tab ? null : !list ? (
              <p className="muted oh-empty" role="status">
                {shown.loading || !shown.error ? 'Loading sessions…' : 'Your sessions could not be shown.'}
              </p>
            ) : list[key].length === 0 ? (
              <EmptyState tab={key} publishedHours={publishedHours} />
            ) : (
              <ul className="oh-session-list">
                {list[key].map((booking) => (
                  <SessionCard key={booking._id} booking={booking} viewerId={viewerId} timeZone={zone} now={now} busy={state.busyId === booking._id} ui={ui} />
                ))}
              </ul>
            )}
          </div>
        ))}
        {cancelling && <CancelDialog key={cancelling._id} booking={cancelling} timeZone={zone} onClosed={() => setCancelling(null)} fallbackFocus={focusTab} />}
        {moving && <MoveDialog key={moving._id} booking={moving} timeZone={zone} onClosed={() => setMoving(null)} fallbackFocus={focusTab} />}
        {markingNoShow && <NoShowDialog key={markingNoShow._id} booking={markingNoShow} timeZone={zone} onClosed={() => setMarkingNoShow(null)} fallbackFocus={focusTab} />}
      </div>
    </MediaBaseProvider>
  );
}

export default withErrorBoundary(SessionsScreen);
