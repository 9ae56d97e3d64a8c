/**
 * A short list the host edits item by item (topics, days off): an input and an Add button
 * (Enter adds too), and each item with its Remove button.
 */
import { useState } from 'react';

interface Props {
  id: string;
  label: string;
  items: string[];
  type?: 'text' | 'date';
  maxLength?: number;
  max: number;
  error?: string;
  hint?: string;
  /** How an item reads (dates in words). */
  show?: (item: string) => string;
  onChange: (items: string[]) => void;
}

export function ListEditor({ id, label, items, type = 'text', maxLength, max, error, hint, show = (item) => item, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value === '' || items.includes(value) || items.length >= max) return;
    onChange([...items, value]);
    setDraft('');
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {items.length > 0 && (
        <ul className="oh-list-items" aria-label={label}>
          {items.map((item) => (
            <li key={item} className="badge">
              <span>{show(item)}</span>
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${show(item)}`} onClick={() => onChange(items.filter((other) => other !== item))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="oh-add-row">
        <input
          id={id}
          type={type}
          value={draft}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn btn-secondary" onClick={add} disabled={items.length >= max}>
          Add
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
