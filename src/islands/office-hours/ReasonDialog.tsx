/**
 * A change to a session that carries a reason for the other side (cancelling, marking a
 * no-show): the reason, then the server decides. Its refusal (past the cut-off, say) shows
 * here with the server's words, and the dialog stays open.
 */
import { OFFICE_HOURS_LIMITS } from '@api/shared/office-hours-limits';
import { useState, type FormEvent } from 'react';
import { rangeLabel } from '../../lib/office-hours/time';
import type { Booking } from '../../lib/office-hours/types';
import { Dialog } from '../ui/Dialog';

export interface ReasonDialogProps {
  booking: Booking;
  timeZone: string;
  onClosed: () => void;
  fallbackFocus: () => HTMLElement | null;
}

interface Props extends ReasonDialogProps {
  title: string;
  /** Unique on the page: the field's id and its error's. */
  fieldId: string;
  label: string;
  rows: number;
  /** An empty reason is refused before anything is sent. */
  required: boolean;
  submit: { label: string; sending: string };
  send: (reason: string) => Promise<{ ok: true } | { ok: false; message: string }>;
}

export function ReasonDialog({ booking, timeZone, onClosed, fallbackFocus, title, fieldId, label, rows, required, submit, send }: Props) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const errorId = `${fieldId}-error`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (required && reason.trim() === '') {
      setError('reason: must not be empty');
      return;
    }
    setSending(true);
    const outcome = await send(reason.trim());
    setSending(false);
    if (outcome.ok) setOpen(false);
    else setError(outcome.message);
  };

  return (
    <Dialog open={open} title={title} description={`${booking.topic} · ${rangeLabel(booking.start, booking.end, timeZone)}`} onClosed={onClosed} fallbackFocus={fallbackFocus}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>{label}</label>
          <textarea
            id={fieldId}
            data-autofocus
            rows={rows}
            maxLength={OFFICE_HOURS_LIMITS.reason}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={sending}>
            {sending ? submit.sending : submit.label}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </form>
    </Dialog>
  );
}
