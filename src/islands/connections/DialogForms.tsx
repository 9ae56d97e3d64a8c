/** The form inside the connect dialog (the report form is src/islands/ui/ReportForm.tsx). */
import { useId, useState, type FormEvent } from 'react';
import { NOTE_MAX } from '../../lib/connections/limits';

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
