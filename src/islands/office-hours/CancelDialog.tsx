/**
 * Cancelling a session: the reason (required, told to the other side), then the server
 * decides. Past the cut-off it answers 409 with its words, shown here; the dialog stays.
 */
import { sessionsActions } from '../../lib/stores/sessions';
import { ReasonDialog, type ReasonDialogProps } from './ReasonDialog';

export function CancelDialog(props: ReasonDialogProps) {
  return (
    <ReasonDialog
      {...props}
      title="Cancel this session?"
      fieldId="oh-cancel-reason"
      label="Reason (the other side reads it)"
      rows={3}
      required
      submit={{ label: 'Cancel session', sending: 'Cancelling…' }}
      send={(reason) => sessionsActions.cancel(props.booking._id, reason)}
    />
  );
}
