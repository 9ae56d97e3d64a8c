/**
 * The private calendar feed block of /settings/office-hours: make a feed (its URL shows this
 * once, with a copy button and the webcal:// link that opens a calendar app), make a new one
 * (the old URL stops working), or revoke it.
 */
import { useCallback, useEffect, useState } from 'react';
import { makeFeed, readFeed, revokeFeed, type FeedStatus, type NewFeed } from '../../lib/office-hours/calendar-feed';
import { dayLabel } from '../../lib/office-hours/time';
import { toast } from '../../lib/toast';

export function CalendarFeed({ timeZone }: { timeZone: string }) {
  const [status, setStatus] = useState<FeedStatus | null>(null);
  const [fresh, setFresh] = useState<NewFeed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    const outcome = await readFeed();
    if (outcome.ok) setStatus(outcome.value);
    else setError(outcome.message);
  }, []);
  useEffect(() => void load(), [load]);

  const make = async () => {
    setBusy(true);
    const outcome = await makeFeed();
    setBusy(false);
    if (!outcome.ok) return setError(outcome.message);
    setError(null);
    setFresh(outcome.value);
    setStatus({ active: true, createdAt: outcome.value.createdAt });
  };
  const revoke = async () => {
    setBusy(true);
    const outcome = await revokeFeed();
    setBusy(false);
    if (!outcome.ok) return setError(outcome.message);
    setError(null);
    setFresh(null);
    setStatus(outcome.value);
    toast('Calendar feed revoked', { kind: 'success' });
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast('Feed address copied', { kind: 'success' });
    } catch {
      toast('Copying failed: select the address and copy it yourself', { kind: 'error' });
    }
  };

  return (
    <section className="card stack oh-feed" aria-labelledby="oh-feed-title" aria-busy={status === null && !error ? true : undefined}>
      <h2 id="oh-feed-title" className="card-title">
        Calendar feed
      </h2>
      <p className="muted small">A private address your calendar app subscribes to: your sessions, hosted and booked, appear there and stay current.</p>
      {status === null && !error && (
        <p className="muted" role="status">
          Loading your calendar feed…
        </p>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          <p>{error}</p>
          {status === null && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void load()}>
              Try again
            </button>
          )}
        </div>
      )}
      {fresh && (
        <div className="stack oh-feed-url">
          <label htmlFor="oh-feed-url">Your feed address (shown this once: keep it private)</label>
          <div className="oh-feed-row">
            <input id="oh-feed-url" readOnly value={fresh.url} onFocus={(event) => event.target.select()} />
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy(fresh.url)}>
              Copy
            </button>
          </div>
          <p className="small">
            <a className="link" href={fresh.webcalUrl}>
              Open in your calendar app
            </a>
          </p>
        </div>
      )}
      {status && !fresh && (
        <p className="oh-feed-state">
          {status.active && status.createdAt
            ? `A feed is active since ${dayLabel(status.createdAt, timeZone)}. Its address was shown when you made it.`
            : 'You have no calendar feed.'}
        </p>
      )}
      {status && (
        <div className="form-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void make()}>
            {status.active ? 'Make a new address' : 'Make my calendar feed'}
          </button>
          {status.active && (
            <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => void revoke()}>
              Revoke feed
            </button>
          )}
        </div>
      )}
    </section>
  );
}
