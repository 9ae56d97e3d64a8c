/** The forms inside the connect and report dialogs. */
import { useId, useState, type FormEvent } from 'react';
import { NOTE_MAX } from '../../lib/connections/limits';
import type { MemberCard } from '../../lib/connections/types';
import { DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../lib/members/reports';
import { toAppError } from '../../lib/errors';
import { connectionsActions } from '../../lib/stores/connections';

/** The optional note of a connection request. */
export function ConnectForm({ onSend, onCancel }: { onSend: (note: string) => void; onCancel: () => void }) {
  const [note, setNote] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(note.trim());
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-note`}>
          Note <span className="muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          value={note}
          maxLength={NOTE_MAX}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          data-autofocus
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="hint">
          {NOTE_MAX - note.length} characters left
        </p>
      </div>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Send request
        </button>
      </div>
    </form>
  );
}

/** Reason and details of a report; sends it and closes, or shows why it was refused. */
export function ReportForm({ member, onDone }: { member: MemberCard; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!reason) {
      setError('Choose the reason that fits best.');
      document.getElementById(`${id}-reason-${REPORT_REASONS[0]!.value}`)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await connectionsActions.report(member, reason, details);
      onDone();
    } catch (cause) {
      setError(toAppError(cause).message);
      setSending(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="field">
        <legend>Reason</legend>
        <div className="cx-reasons">
          {REPORT_REASONS.map((option, index) => (
            <label key={option.value} className="check cx-reason">
              <input
                type="radio"
                id={`${id}-reason-${option.value}`}
                name="reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
                data-autofocus={index === 0 ? true : undefined}
              />
              <span>
                <span className="cx-reason-label">{option.label}</span>
                <span className="muted small cx-reason-hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-details`}>
          Details <span className="muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-details`}
          name="details"
          value={details}
          maxLength={DETAILS_MAX}
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
          aria-describedby={`${id}-details-hint`}
        />
        <p id={`${id}-details-hint`} className="hint">
          What happened? Up to {DETAILS_MAX} characters.
        </p>
      </div>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-danger" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send report'}
        </button>
      </div>
    </form>
  );
}
