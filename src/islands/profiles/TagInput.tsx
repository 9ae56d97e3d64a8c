/**
 * Free words as tags (a founder's interests): type one and press Enter or a comma to add
 * it; each tag has its own remove button. Duplicates (ignoring case) are not added twice.
 * A word over `maxLength` is not added (nor cut): it stays in the box with the reason.
 */
import { useState, type KeyboardEvent } from 'react';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';
import { describedBy, FieldError, fieldId, Hint } from './fields';

interface Props {
  field: string;
  label: string;
  value: readonly string[];
  onChange(value: string[]): void;
  max: number;
  maxLength: number;
  error?: string;
}

export function TagInput({ field, label, value, onChange, max, maxLength, error }: Props) {
  const [draft, setDraft] = useState('');
  const full = value.length >= max;
  const hint = full ? `That is the most: ${max} interests.` : `Press Enter or a comma after each one. Up to ${max}.`;

  const word = draft.trim().replace(/\s+/g, ' ');
  const tooLong = overLimitReason('interest', word.length, maxLength, 'add');
  const shown = tooLong ?? error;

  const add = () => {
    if (tooLong) return;
    setDraft('');
    if (!word || full || value.some((item) => item.toLowerCase() === word.toLowerCase())) return;
    onChange([...value, word]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label htmlFor={fieldId(field)}>
        {label}
        <span className="pf-optional"> (optional)</span>
      </label>
      {value.length > 0 && (
        <ul className="pf-tags" aria-label={`${label} added`}>
          {value.map((tag) => (
            <li key={tag} className="pf-tag">
              <span>{tag}</span>
              <button type="button" className="pf-tag-remove" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((item) => item !== tag))}>
                <svg viewBox="0 0 24 24" aria-hidden="true" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={fieldId(field)}
        type="text"
        value={draft}
        disabled={full}
        placeholder={full ? '' : 'e.g. open banking'}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${describedBy(field, hint, shown) ?? ''} ${fieldId(field)}-count`.trim()}
        onChange={(event) => setDraft(event.target.value.replace(',', ''))}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
      <CharacterCount id={`${fieldId(field)}-count`} length={word.length} max={maxLength} className="pf-count" />
      <Hint field={field}>{hint}</Hint>
      <FieldError field={field} error={shown} />
    </div>
  );
}
