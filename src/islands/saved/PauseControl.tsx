/**
 * The pause (docs/product.md "Pause"). `banner` (matching, saved): while paused, a banner
 * saying so with Resume; while looking, nothing. `settings` (account settings) and `offer`
 * (the match moment): "I'm not looking now" with what it does, or Resume while paused.
 */
import { useStore } from '@nanostores/react';
import { SAVED_MESSAGES } from '@api/shared/saved-messages';
import { useEffect, useState } from 'react';
import { toAppError } from '../../lib/errors';
import { $pause, loadPause, setPaused } from '../../lib/stores/saved';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './saved.css';

interface Props {
  variant: 'banner' | 'settings' | 'offer';
}

export function PauseControl({ variant }: Props) {
  const pause = useStore($pause);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if ($pause.get() === null) loadPause().catch((cause) => setError(toAppError(cause).message));
  }, []);
  const change = async (paused: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await setPaused(paused);
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  const failure = error && (
    <p className="alert alert-error" role="alert">
      {error}
    </p>
  );
  if (!pause) return variant === 'banner' ? failure || null : failure || <p className="muted small">Loading…</p>;
  const resume = (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => void change(false)} disabled={busy} data-resume>
      Resume
    </button>
  );
  if (variant === 'banner') {
    if (!pause.paused) return failure || null;
    return (
      <div className="alert alert-info pause-banner" role="status" data-paused-banner>
        <p>
          <strong>You’re not looking now.</strong> {SAVED_MESSAGES.paused}
        </p>
        {resume}
        {failure}
      </div>
    );
  }
  return (
    <div className={variant === 'offer' ? 'pause-offer stack stack-sm' : 'stack stack-sm'} data-pause-control>
      {pause.paused ? (
        <>
          <p>{SAVED_MESSAGES.paused}</p>
          <div>{resume}</div>
        </>
      ) : (
        <>
          <p className="muted small">
            {variant === 'offer' ? 'Found who you were looking for? ' : ''}Pausing takes you out of matching and member search until you resume. Your profile page, connections and
            conversations stay.
          </p>
          <div>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void change(true)} disabled={busy} data-pause>
              I’m not looking now
            </button>
          </div>
        </>
      )}
      {failure}
    </div>
  );
}

export default withErrorBoundary(PauseControl);
