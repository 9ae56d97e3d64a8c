/**
 * Marking a no-show (the host, once a confirmed session has started): an optional note for
 * the guest, then the server decides; its refusal shows here and the dialog stays.
 */
import { OFFICE_HOURS_LIMITS } from '@api/shared/office-hours-limits';
import { useState, type FormEvent } from 'react';
import { rangeLabel } from '../../lib/office-hours/time';
import type { Booking } from '../../lib/office-hours/types';
import { sessionsActions } from '../../lib/stores/sessions';
import { Dialog } from '../ui/Dialog';

interface Props {
  booking: Booking;
  timeZone: string;
  onClosed: () => void;
  fallbackFocus: () => HTMLElement | null;
}

export function NoShowDialog({ booking, timeZone, onClosed, fallbackFocus }: Props) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const outcome = await sessionsActions.markNoShow(booking._id, reason.trim());
    setSending(false);
    if (outcome.ok) setOpen(false);
    else setError(outcome.message);
  };

  return (
    <Dialog
      open={open}
      title={`Did ${booking.guest.name} not come?`}
      description={`${booking.topic} · ${rangeLabel(booking.start, booking.end, timeZone)}`}
      onClosed={onClosed}
      fallbackFocus={fallbackFocus}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="oh-noshow-reason">A note for them (optional)</label>
          <textarea
            id="oh-noshow-reason"
            data-autofocus
            rows={2}
            maxLength={OFFICE_HOURS_LIMITS.reason}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'oh-noshow-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && (
            <p id="oh-noshow-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={sending}>
            {sending ? 'Marking…' : 'Mark no-show'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}
