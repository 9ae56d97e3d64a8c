/**
 * "Save" on another member's profile: keeps them on the viewer's saved list with a private
 * note (nobody else reads it), edited in a dialog; "Saved" opens the same dialog to edit the
 * note or remove them. The state is read once the island loads.
 */
import { SAVED_LIMITS } from '@api/shared/saved-messages';
import { useEffect, useId, useState } from 'react';
import { savedEntry, saveMember, unsaveMember } from '../../lib/stores/saved';
import { toAppError } from '../../lib/errors';
import { CharacterCount } from '../ui/CharacterCount';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';

interface Props {
  memberId: string;
  memberName: string;
}

type Saved = { note: string } | null;

function SaveMemberButton({ memberId, memberName }: Props) {
  const [saved, setSaved] = useState<Saved | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  useEffect(() => {
    savedEntry(memberId)
      .then((entry) => setSaved(entry ? { note: entry.note } : null))
      .catch(() => setSaved(null));
  }, [memberId]);

  if (saved === undefined) return null;
  const start = () => {
    setNote(saved?.note ?? '');
    setError(null);
    setOpen(true);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const entry = await saveMember(memberId, note);
      setSaved({ note: entry.note });
      setOpen(false);
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
      setSaved(null);
      setOpen(false);
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-secondary" aria-pressed={saved !== null} onClick={start} data-save-member>
        {saved ? 'Saved' : 'Save'}
      </button>
      <Dialog open={open} title={saved ? `${memberName} is saved` : `Save ${memberName}`} description="Only you can read your note." onClosed={() => setOpen(false)}>
        <form className="form" onSubmit={submit} data-save-member-form>
          <div className="field">
            <label htmlFor={fieldId}>Private note (optional)</label>
            <textarea
              id={fieldId}
              className="input"
              rows={4}
              maxLength={SAVED_LIMITS.noteMax}
              value={note}
              aria-describedby={`${fieldId}-count`}
              onChange={(event) => setNote(event.target.value)}
              data-autofocus
            />
            <CharacterCount id={`${fieldId}-count`} length={note.length} max={SAVED_LIMITS.noteMax} />
          </div>
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
    </>
  );
}

export default withErrorBoundary(SaveMemberButton);
