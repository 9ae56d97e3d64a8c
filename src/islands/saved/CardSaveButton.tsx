/**
 * The bookmark on a candidate or search result card (docs/product.md "Saved people and
 * searches"): one press saves the member at once, without a note; pressed again ("Saved"),
 * it opens the note dialog to add or change the private note, or to remove them. Its first
 * state comes with the card (the summary's `saved`), so no card asks the server on its own.
 */
import { useState } from 'react';
import { savedEntry, saveMember } from '../../lib/stores/saved';
import { toAppError } from '../../lib/errors';
import { BookmarkIcon, SaveNoteDialog } from './SaveNoteDialog';
import './saved.css';

interface Props {
  memberId: string;
  memberName: string;
  /** Whether the viewer had saved the member when the card was read. */
  saved: boolean;
}

type Saved = { note: string } | null;

export function CardSaveButton({ memberId, memberName, saved: savedAtFirst }: Props) {
  // The note is read only when the dialog opens (the card knows "saved", not the note).
  const [saved, setSaved] = useState<Saved | 'unknown-note'>(savedAtFirst ? 'unknown-note' : null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isSaved = saved !== null;

  const press = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (saved === null) {
        const entry = await saveMember(memberId, '');
        setSaved({ note: entry.note });
        setStatus(`${memberName} is saved. Press again to add a private note.`);
      } else {
        if (saved === 'unknown-note') {
          const entry = await savedEntry(memberId);
          setSaved(entry ? { note: entry.note } : null);
          if (!entry) return;
        }
        setOpen(true);
      }
    } catch (cause) {
      setError(toAppError(cause).message);
    } finally {
      setBusy(false);
    }
  };
  const changed = (next: Saved) => {
    setSaved(next);
    setStatus(next ? `Your note on ${memberName} is saved.` : `${memberName} is no longer saved.`);
  };

  return (
    <span className="card-save-wrap">
      <button
        type="button"
        className="btn btn-secondary card-save"
        aria-label={isSaved ? `Saved ${memberName}` : `Save ${memberName}`}
        aria-pressed={isSaved}
        aria-busy={busy || undefined}
        title={isSaved ? 'Saved: add a note or remove' : 'Save'}
        onClick={() => void press()}
        data-card-save
      >
        <BookmarkIcon filled={isSaved} />
      </button>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      {error && (
        <span className="card-save-error small" role="alert">
          {error}
        </span>
      )}
      <SaveNoteDialog memberId={memberId} memberName={memberName} open={open} saved={saved === 'unknown-note' ? null : saved} onChanged={changed} onClosed={() => setOpen(false)} />
    </span>
  );
}
