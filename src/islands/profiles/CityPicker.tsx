/**
 * Choosing a city from the world-cities data set: an editable combobox with a list popup
 * (the ARIA 1.2 combobox pattern). Typing asks GET /cities?search (debounced, earlier
 * answers dropped); arrow keys move through the options, Enter picks one, Escape closes
 * the list or, when closed, clears the field. The chosen city's id goes into a hidden
 * input named `name`, so the picker works inside plain GET forms too (search filters).
 */
import type { City } from '@api/cities/schemas';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cityQuery, nextActive, resultsAnnouncement } from '../../lib/profiles/combobox';
import { api } from '../../lib/api/client';
import { searchCities } from '../../lib/profiles/cities';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './city-picker.css';

export interface CityChoice {
  id: number;
  label: string;
}

export interface CityPickerProps {
  /** The hidden input's name: it carries the chosen city's id ('' when none). */
  name: string;
  label: string;
  initial?: CityChoice | null;
  onChange?: (city: CityChoice | null) => void;
  /** The text input's id (defaults to a generated one). */
  inputId?: string;
  error?: string;
  hint?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
}

const SEARCH_DELAY_MS = 200;
const RESULT_LIMIT = 8;

export function CityPicker({ name, label, initial = null, onChange, inputId, error, hint, optional }: CityPickerProps) {
  const generated = useId();
  const id = inputId ?? `city-${generated.replace(/:/g, '')}`;
  const listId = `${id}-listbox`;
  const [text, setText] = useState(initial?.label ?? '');
  const [selected, setSelected] = useState<CityChoice | null>(initial);
  const [options, setOptions] = useState<City[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [touched, setTouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const search = (typed: string) => {
    clearTimeout(timer.current);
    request.current?.abort();
    const query = cityQuery(typed);
    if (query === null) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        setOptions(await searchCities(api, query, RESULT_LIMIT, controller.signal));
        setFailed(false);
      } catch (cause) {
        if (controller.signal.aborted) return;
        console.error('city search failed', cause);
        setOptions([]);
        setFailed(true);
      }
      setActive(-1);
      setLoading(false);
    }, SEARCH_DELAY_MS);
  };

  const choose = (city: CityChoice | null) => {
    setSelected(city);
    setText(city?.label ?? '');
    setOpen(false);
    setActive(-1);
    onChange?.(city ? { id: city.id, label: city.label } : null);
  };

  const type = (value: string) => {
    setText(value);
    setTouched(true);
    setOpen(true);
    if (selected) {
      setSelected(null);
      onChange?.(null);
    }
    search(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (options.length === 0) search(text);
        }
        if (!event.altKey) setActive((current) => nextActive(current, event.key as 'ArrowDown' | 'ArrowUp', options.length));
        break;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          choose(null);
        }
        break;
    }
  };

  const query = cityQuery(text);
  const expanded = open && query !== null && (options.length > 0 || !loading);
  const announcement = open ? (failed ? 'Cities could not be loaded. Try again in a moment.' : resultsAnnouncement(options.length, loading, query)) : '';
  const unchosen = touched && !open && selected === null && text.trim() !== '';
  const hintText = unchosen ? 'Choose a city from the list to keep it.' : hint;
  const describedBy = [hintText ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field pf-combobox">
      <label htmlFor={id}>
        {label}
        {optional && <span className="pf-optional"> (optional)</span>}
      </label>
      <div className="pf-combobox-wrap">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder="Start typing a city"
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => text && !selected && setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} ref={list} role="listbox" aria-label={`${label}: suggestions`} className="pf-listbox" hidden={!expanded}>
          {options.map((city, index) => (
            <li
              key={city.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="pf-option"
              // mousedown, not click: the input keeps its focus, so the list is still there.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(city);
              }}
              onMouseMove={() => setActive(index)}
            >
              {city.label}
            </li>
          ))}
          {options.length === 0 && !loading && (
            <li role="option" aria-selected={false} aria-disabled="true" className="pf-option pf-option-empty">
              {failed ? 'Cities could not be loaded.' : 'No cities match.'}
            </li>
          )}
        </ul>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {hintText && (
        <p id={`${id}-hint`} className="hint">
          {hintText}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <input type="hidden" name={name} value={selected ? String(selected.id) : ''} />
    </div>
  );
}

/** The picker as an island of its own (the city search field); the profile forms use `CityPicker` inside their own boundary. */
export default withErrorBoundary(CityPicker);
