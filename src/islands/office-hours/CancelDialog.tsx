/**
 * Cancelling a session: the reason (required, told to the other side), then the server
 * decides. Past the cut-off it answers 409 with its words, shown here; the dialog stays.
 */
import { useState, type FormEvent } from 'react';
import { OFFICE_HOURS_LIMITS } from '@api/shared/office-hours-limits';
import { rangeLabel } from '../../lib/office-hours/time';
import type { Booking } from '../../lib/office-hours/types';
import { sessionsActions } from '../../lib/stores/sessions';
import { Dialog } from '../ui/Dialog';

interface Props {
  booking: Booking | null;
  timeZone: string;
  onClosed: () => void;
  fallbackFocus: () => HTMLElement | null;
}

export function CancelDialog({ booking, timeZone, onClosed, fallbackFocus }: Props) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    if (reason.trim() === '') {
      setError('reason: must not be empty');
      return;
    }
    setSending(true);
    const outcome = await sessionsActions.cancel(booking._id, reason.trim());
    setSending(false);
    if (outcome.ok) setOpen(false);
    else setError(outcome.message);
  };

  return (
    <Dialog
      open={open && booking !== null}
      title="Cancel this session?"
      description={booking ? `${booking.topic} · ${rangeLabel(booking.start, booking.end, timeZone)}` : undefined}
      onClosed={onClosed}
      fallbackFocus={fallbackFocus}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="oh-cancel-reason">Reason (the other side reads it)</label>
          <textarea
            id="oh-cancel-reason"
            data-autofocus
            rows={3}
            maxLength={OFFICE_HOURS_LIMITS.reason}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'oh-cancel-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && (
            <p id="oh-cancel-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={sending}>
            {sending ? 'Cancelling…' : 'Cancel session'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}
