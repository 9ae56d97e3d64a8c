/**
 * Marking a no-show (the host, once a confirmed session has started): an optional note for
 * the guest, then the server decides; its refusal shows here and the dialog stays.
 */
import { sessionsActions } from '../../lib/stores/sessions';
import { ReasonDialog, type ReasonDialogProps } from './ReasonDialog';

export function NoShowDialog(props: ReasonDialogProps) {
  return (
    <ReasonDialog
      {...props}
      title={`Did ${props.booking.guest.name} not come?`}
      fieldId="oh-noshow-reason"
      label="A note for them (optional)"
      rows={2}
      required={false}
      submit={{ label: 'Mark no-show', sending: 'Marking…' }}
      send={(reason) => sessionsActions.markNoShow(props.booking._id, reason)}
    />
  );
}
