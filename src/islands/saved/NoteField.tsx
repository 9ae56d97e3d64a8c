/**
 * A saved member's private note: the field, its label and the count against its limit, as the
 * Save dialog and the saved list both ask for it.
 */
import { SAVED_LIMITS } from '@api/shared/saved-messages';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { CharacterCount } from '../ui/CharacterCount';

interface Props {
  label: ReactNode;
  value: string;
  onChange: (note: string) => void;
  rows: number;
  /** Takes the focus when its dialog opens (ui/Dialog's `data-autofocus`). */
  autofocus?: boolean;
}

export function NoteField({ label, value, onChange, rows, autofocus }: Props) {
  const fieldId = useId();
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        className="input"
        rows={rows}
        maxLength={SAVED_LIMITS.noteMax}
        value={value}
        aria-describedby={`${fieldId}-count`}
        onChange={(event) => onChange(event.target.value)}
        data-autofocus={autofocus || undefined}
      />
      <CharacterCount id={`${fieldId}-count`} length={value.length} max={SAVED_LIMITS.noteMax} />
    </div>
  );
}
