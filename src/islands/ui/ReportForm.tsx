/**
 * The report form every "Report" menu item opens (members, posts, comments, messages): a
 * reason and optional details; `send` delivers it, and a refusal shows in the form.
 */
import { useId, useState, type FormEvent } from 'react';
import { DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../lib/members/reports';
import { toAppError } from '../../lib/errors';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from './CharacterCount';
import { Dialog } from './Dialog';
import './report-form.css';

export function ReportForm({ send, onDone }: { send: (reason: ReportReason, details: string) => Promise<void>; onDone: () => void }) {
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
    // Details over the limit are kept and refused with the reason, never cut.
    const tooLong = overLimitReason('details', details.length, DETAILS_MAX);
    if (tooLong) {
      setError(tooLong);
      document.getElementById(`${id}-details`)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await send(reason, details);
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
        <div className="ui-reasons">
          {REPORT_REASONS.map((option, index) => (
            <label key={option.value} className="check ui-reason">
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
                <span className="ui-reason-label">{option.label}</span>
                <span className="muted small">{option.hint}</span>
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
          rows={3}
          onChange={(event) => setDetails(event.target.value)}
          aria-invalid={details.length > DETAILS_MAX || undefined}
          aria-describedby={`${id}-details-hint ${id}-details-count`}
        />
        <p id={`${id}-details-hint`} className="hint">
          What happened? Up to {DETAILS_MAX} characters.
        </p>
        <CharacterCount id={`${id}-details-count`} length={details.length} max={DETAILS_MAX} />
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

/** The report form in its own dialog, for islands that open one dialog at a time by state. */
export function ReportDialog({ title, send, onClosed }: { title: string; send: (reason: ReportReason, details: string) => Promise<void>; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} title={title} description="Reports go to the FounderMesh team and stay private: the author is not told who reported them." onClosed={onClosed}>
      <ReportForm send={send} onDone={() => setOpen(false)} />
    </Dialog>
  );
}
