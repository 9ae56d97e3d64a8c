/**
 * The submit button of an admin form whose action is destructive (approve a deletion, end
 * Premium, archive a group, suspend): a click first checks the form's fields (a blank required
 * reason gets its message by the field and the focus: required-fields.ts), then asks in the
 * shared confirmation dialog that names the consequence, and only a confirmed click submits
 * the form (with this button's name and value, as a plain click would). The server renders it as an ordinary submit button, so the
 * form still works before the island has loaded.
 */
import { useRef, type MouseEvent } from 'react';
import { DialogsProvider, useDialogs } from '../ui/dialogs';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { checkFields } from './required-fields';

interface Props {
  /** The button's text. */
  label: string;
  /** The dialog's title and the sentence that says what will happen. */
  title: string;
  body: string;
  confirmLabel: string;
  className?: string;
  name?: string;
  value?: string;
}

function Button({ label, title, body, confirmLabel, className = 'btn btn-danger btn-sm', name, value }: Props) {
  const dialogs = useDialogs();
  const confirmed = useRef(false);
  const click = async (event: MouseEvent<HTMLButtonElement>) => {
    if (confirmed.current) return;
    event.preventDefault();
    const button = event.currentTarget;
    if (button.form && !checkFields(button.form)) return;
    if (!(await dialogs.confirm({ title, body, confirmLabel, danger: true }))) return;
    confirmed.current = true;
    button.form?.requestSubmit(button);
  };
  return (
    <button type="submit" className={className} name={name} value={value} onClick={click}>
      {label}
    </button>
  );
}

function ConfirmSubmit(props: Props) {
  return (
    <DialogsProvider>
      <Button {...props} />
    </DialogsProvider>
  );
}

export default withErrorBoundary(ConfirmSubmit);
