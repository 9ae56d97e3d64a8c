/**
 * "Book a session" on a host's profile, for members: the button opens the booking dialog
 * (a modal: focus kept inside, Escape closes, titled with the host's name).
 */
import { useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { BookingForm } from './BookingDialog';
import './office-hours.css';

interface Props {
  hostId: string;
  hostName: string;
}

function BookSession({ hostId, hostName }: Props) {
  // Mounted while shown or closing; `open` false closes the <dialog>, which then unmounts it.
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        Book a session
      </button>
      {mounted && (
        <Dialog open={open} title={`Book a session with ${hostName}`} onClosed={() => setMounted(false)}>
          <BookingForm hostId={hostId} hostName={hostName} />
          <div className="form-actions oh-dialog-close">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

export default withErrorBoundary(BookSession);
