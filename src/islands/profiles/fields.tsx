/**
 * The profile forms' controls. Every control takes its form field key (dotted for nested
 * ones: `links.1.url`), which gives its id, and shows its error under it, tied with
 * aria-describedby (and aria-invalid where the role allows it).
 */
import type { ReactNode } from 'react';
import { CharacterCount } from '../ui/CharacterCount';

/** The DOM id of a form field's control (or group). */
export function fieldId(field: string): string {
  return `pf-${field.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

const errorId = (field: string) => `${fieldId(field)}-error`;
const hintId = (field: string) => `${fieldId(field)}-hint`;

/** The ids a control is described by: its hint and its error, when there are. */
export function describedBy(field: string, hint: ReactNode | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? hintId(field) : null, error ? errorId(field) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * Moves focus to a field's control; for a group (chips, radios) its first control.
 * Returns whether something took the focus.
 */
export function focusField(field: string): boolean {
  const element = document.getElementById(fieldId(field));
  if (!element) return false;
  const target = element.matches('input, select, textarea, button')
    ? element
    : element.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), select, textarea, button:not(:disabled)');
  (target ?? element).focus();
  return true;
}

export function Hint({ field, children }: { field: string; children?: ReactNode }) {
  return children ? (
    <p id={hintId(field)} className="hint">
      {children}
    </p>
  ) : null;
}

export function FieldError({ field, error }: { field: string; error?: string }) {
  return error ? (
    <p id={errorId(field)} className="field-error">
      {error}
    </p>
  ) : null;
}

interface TextFieldProps {
  field: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  maxLength?: number;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'url' | 'tel';
  type?: 'text' | 'url' | 'tel';
  /** A textarea of this many rows. */
  rows?: number;
  placeholder?: string;
}

/**
 * A labelled text input or textarea. With `maxLength`, a count shows from 80% of it; longer
 * text (typed or pasted) is kept whole and refused on save with the reason, never cut.
 */
export function TextField({ field, label, value, onChange, error, hint, maxLength, required, rows, ...rest }: TextFieldProps) {
  const countId = `${fieldId(field)}-count`;
  const described = [describedBy(field, hint, error), maxLength ? countId : null].filter(Boolean).join(' ');
  const common = {
    id: fieldId(field),
    value,
    required,
    'aria-invalid': error || (maxLength && value.trim().length > maxLength) ? true : undefined,
    'aria-describedby': described || undefined,
    placeholder: rest.placeholder,
  };
  return (
    <div className="field">
      <label htmlFor={common.id}>
        {label}
        {!required && <span className="pf-optional"> (optional)</span>}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={rest.type ?? 'text'} autoComplete={rest.autoComplete} inputMode={rest.inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {/* The API trims before it counts, so the count does too. */}
      {maxLength ? <CharacterCount id={countId} length={value.trim().length} max={maxLength} className="pf-count" /> : null}
      <Hint field={field}>{hint}</Hint>
      <FieldError field={field} error={error} />
    </div>
  );
}

interface GroupProps {
  field: string;
  legend: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/** A fieldset whose legend names a group of checkboxes or radios. */
export function Group({ field, legend, error, hint, required, children, className }: GroupProps) {
  return (
    <fieldset id={fieldId(field)} className={`field ${className ?? ''}`} aria-describedby={describedBy(field, hint, error)}>
      <legend>
        {legend}
        {!required && <span className="pf-optional"> (optional)</span>}
      </legend>
      <Hint field={field}>{hint}</Hint>
      {children}
      <FieldError field={field} error={error} />
    </fieldset>
  );
}

interface ChipsProps<K extends string> {
  field: string;
  legend: string;
  options: Readonly<Record<K, string>>;
  value: readonly K[];
  onChange(value: K[]): void;
  max?: number;
  error?: string;
  hint?: string;
  required?: boolean;
}

/** Several choices as chips: real checkboxes, so keyboards and screen readers know them. */
export function ChipChecks<K extends string>({ field, legend, options, value, onChange, max, error, hint, required }: ChipsProps<K>) {
  const full = max !== undefined && value.length >= max;
  const note = max !== undefined ? `${hint ? `${hint} ` : ''}Up to ${max}: ${value.length} chosen.` : hint;
  const toggle = (key: K, on: boolean) => onChange(on ? [...value, key] : value.filter((item) => item !== key));
  return (
    <Group field={field} legend={legend} error={error} hint={note} required={required}>
      <div className="pf-chips">
        {(Object.entries(options) as [K, string][]).map(([key, label]) => {
          const checked = value.includes(key);
          return (
            <label key={key} className="pf-chip">
              <input type="checkbox" checked={checked} disabled={full && !checked} onChange={(event) => toggle(key, event.target.checked)} />
              <span>{label}</span>
            </label>
          );
        })}
      </div>
    </Group>
  );
}

interface RadiosProps<K extends string> {
  field: string;
  legend: string;
  name?: string;
  options: ReadonlyArray<readonly [K, string]>;
  value: K | '';
  onChange(value: K): void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Pills in a row instead of cards. */
  compact?: boolean;
  /** Equal parts of one bar (a few short options, e.g. importance). */
  segmented?: boolean;
}

/** One choice among a few, as radio cards. */
export function RadioChoices<K extends string>({ field, legend, name, options, value, onChange, error, hint, required, compact, segmented }: RadiosProps<K>) {
  const [groupClass, itemClass] = segmented ? ['pf-segmented', 'pf-segment'] : compact ? ['pf-radios-compact', 'pf-chip'] : ['choice-group', 'choice'];
  return (
    <Group field={field} legend={legend} error={error} hint={hint} required={required}>
      <div className={groupClass}>
        {options.map(([key, label]) => (
          <label key={key} className={itemClass}>
            <input type="radio" name={name ?? fieldId(field)} value={key} checked={value === key} onChange={() => onChange(key)} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </Group>
  );
}

interface SwitchProps {
  field: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  disabled?: boolean;
}

/** An on/off choice: a checkbox with the switch role, its label and an explanation. */
export function Switch({ field, label, checked, onChange, hint, disabled }: SwitchProps) {
  const id = fieldId(field);
  return (
    <div className="pf-switch-row">
      <input
        id={id}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state to the switch role; ARIA in HTML asks for no aria-checked on it
        role="switch"
        className="pf-switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId(field) : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="pf-switch-text">
        <label htmlFor={id}>{label}</label>
        <Hint field={field}>{hint}</Hint>
      </div>
    </div>
  );
}
