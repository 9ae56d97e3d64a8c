/**
 * The private-note dialog of a saved member, shared by the profile's Save and the cards'
 * bookmark: save with a note (or change it), or take the member off the list. Only the
 * viewer ever reads the note.
 */
import { useEffect, useState } from 'react';
import { saveMember, unsaveMember } from '../../lib/stores/saved';
import { toAppError } from '../../lib/errors';
import { Dialog } from '../ui/Dialog';
import { NoteField } from './NoteField';

interface Props {
  memberId: string;
  memberName: string;
  open: boolean;
  /** The member's note when saved (null: not saved). */
  saved: { note: string } | null;
  /** The note saved (or null: removed). */
  onChanged: (saved: { note: string } | null) => void;
  onClosed: () => void;
}

export function SaveNoteDialog({ memberId, memberName, open, saved, onChanged, onClosed }: Props) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the note as saved.
  useEffect(() => {
    if (!open) return;
    setNote(saved?.note ?? '');
    setError(null);
  }, [open, saved]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const entry = await saveMember(memberId, note);
      onChanged({ note: entry.note });
      onClosed();
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await unsaveMember(memberId);
      onChanged(null);
      onClosed();
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} title={saved ? `${memberName} is saved` : `Save ${memberName}`} description="Only you can read your note." onClosed={onClosed}>
      <form className="form" onSubmit={submit} data-save-member-form>
        <NoteField label="Private note (optional)" rows={4} value={note} onChange={setNote} autofocus />
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-dialog-actions">
          {saved && (
            <button type="button" className="btn btn-secondary" onClick={() => void remove()} disabled={busy}>
              Remove from saved
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {saved ? 'Save note' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The bookmark drawn on Save controls: outlined, filled once saved. */
export function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="save-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M6 3h12v18l-6-4.5L6 21z" />
    </svg>
  );
}
