/**
 * "Save" on another member's profile: keeps them on the viewer's saved list with a private
 * note (nobody else reads it), edited in a dialog; "Saved" opens the same dialog to edit the
 * note or remove them. The state is read once the island loads.
 */
import { useEffect, useState } from 'react';
import { savedEntry } from '../../lib/stores/saved';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { BookmarkIcon, SaveNoteDialog } from './SaveNoteDialog';
import './saved.css';

interface Props {
  memberId: string;
  memberName: string;
}

type Saved = { note: string } | null;

function SaveMemberButton({ memberId, memberName }: Props) {
  const [saved, setSaved] = useState<Saved | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    savedEntry(memberId)
      .then((entry) => setSaved(entry ? { note: entry.note } : null))
      .catch(() => setSaved(null));
  }, [memberId]);

  if (saved === undefined) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm save-member" aria-pressed={saved !== null} onClick={() => setOpen(true)} data-save-member>
        <BookmarkIcon filled={saved !== null} />
        {saved ? 'Saved' : 'Save'}
      </button>
      <SaveNoteDialog memberId={memberId} memberName={memberName} open={open} saved={saved} onChanged={setSaved} onClosed={() => setOpen(false)} />
    </>
  );
}

export default withErrorBoundary(SaveMemberButton);
