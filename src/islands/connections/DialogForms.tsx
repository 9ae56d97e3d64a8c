/** The form inside the connect dialog (the report form is src/islands/ui/ReportForm.tsx). */
import { useId, useState, type FormEvent } from 'react';
import { NOTE_MAX } from '../../lib/connections/limits';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';

/** The optional note of a connection request. */
export function ConnectForm({ onSend, onCancel }: { onSend: (note: string) => void; onCancel: () => void }) {
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A note over the limit is kept and refused with the reason, never cut.
    const tooLong = overLimitReason('note', note.trim().length, NOTE_MAX);
    setRefused(tooLong);
    if (!tooLong) onSend(note.trim());
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
          rows={3}
          onChange={(event) => {
            setNote(event.target.value);
            setRefused(null);
          }}
          data-autofocus
          aria-invalid={note.trim().length > NOTE_MAX || undefined}
          aria-describedby={`${id}-count`}
        />
        <CharacterCount id={`${id}-count`} length={note.trim().length} max={NOTE_MAX} />
      </div>
      {refused && (
        <p className="alert alert-error" role="alert">
          {refused}
        </p>
      )}
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
