/**
 * A textarea that suggests members to @-mention (GET founder/tagging-profiles) as the
 * viewer types `@name`: a combobox with a listbox; arrows move, Enter or Tab picks,
 * Escape closes. The box shows a picked member as `@Name`, highlighted by a layer behind the
 * text; `value` and `onChange` carry the stored form, `@[Name](id)`, that the server reads.
 * The counter counts what readers will see, shows from 80% of the limit, and says by how
 * much the text is over it: nothing is cut (the form refuses to send it, with the reason).
 */
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { editShown, insertMention, mentionQueryAt, shownText, storedText, type MentionQuery, type ShownText } from '../../lib/feed/mentions';
import type { MemberCard } from '../../lib/feed/types';
import { feedActions } from '../../lib/stores/feed';
import { Avatar } from '../ui/Avatar';
import { CharacterCount } from '../ui/CharacterCount';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Shown visually hidden when the label is only for screen readers. */
  hideLabel?: boolean;
  autoFocus?: boolean;
}

/** The shown text with each mention wrapped in a mark, for the highlight layer. */
function highlighted({ shown, spans }: ShownText) {
  const parts = [];
  let from = 0;
  for (const span of spans) {
    parts.push(<Fragment key={`t${span.start}`}>{shown.slice(from, span.start)}</Fragment>, <mark key={`m${span.start}`}>{shown.slice(span.start, span.end)}</mark>);
    from = span.end;
  }
  // A trailing newline needs a character after it to take up its line in the layer.
  parts.push(<Fragment key="end">{`${shown.slice(from)} `}</Fragment>);
  return parts;
}

export function MentionTextarea({ id, label, value, onChange, maxLength, rows = 3, placeholder, disabled, hideLabel, autoFocus }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const box = useMemo(() => shownText(value), [value]);
  const length = box.shown.length;
  const over = length - maxLength;
  const change = (next: ShownText) => onChange(storedText(next));
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [options, setOptions] = useState<MemberCard[]>([]);
  const [active, setActive] = useState(0);
  const caretAfter = useRef<number | null>(null);
  // The search follows the text after the `@` and where the `@` is, not each new MentionQuery object.
  const mentionQuery = mention?.query ?? null;
  const mentionStart = mention?.start ?? null;

  useEffect(() => {
    if (mentionQuery === null) {
      setOptions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      feedActions
        .mentionable(mentionQuery)
        .then((members) => {
          if (current) {
            setOptions(members);
            setActive(0);
          }
        })
        .catch(() => current && setOptions([]));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [mentionQuery, mentionStart]);

  useEffect(() => {
    if (caretAfter.current !== null && ref.current) {
      ref.current.setSelectionRange(caretAfter.current, caretAfter.current);
      caretAfter.current = null;
    }
  }, [value]);

  const open = mention !== null && options.length > 0;

  function pick(member: MemberCard) {
    const caret = ref.current?.selectionStart ?? length;
    if (!mention) return;
    const next = insertMention(box, mention, caret, member);
    caretAfter.current = next.caret;
    change(next.box);
    setMention(null);
    ref.current?.focus();
  }

  return (
    <div className="fd-mention">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'fd-label'}>
        {label}
      </label>
      <div className="fd-mention-field">
        <div ref={layer} className="fd-mention-layer" aria-hidden="true">
          {highlighted(box)}
        </div>
        <textarea
          ref={ref}
          id={id}
          value={box.shown}
          rows={rows}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoFocus}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          aria-invalid={over > 0 || undefined}
          aria-describedby={`${id}-count`}
          onScroll={(event) => {
            if (layer.current) layer.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onChange={(event) => {
            change(editShown(box, event.target.value));
            setMention(mentionQueryAt(event.target.value, event.target.selectionStart));
          }}
          onBlur={() => setTimeout(() => setMention(null), 150)}
          onKeyDown={(event) => {
            if (!open) return;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((index) => (index + step + options.length) % options.length);
            } else if (event.key === 'Enter' || event.key === 'Tab') {
              event.preventDefault();
              pick(options[active]!);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              setMention(null);
            }
          }}
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Members to mention" className="fd-suggestions" hidden={!open}>
        {options.map((member, index) => (
          <li
            key={member._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="fd-suggestion"
            onMouseDown={(event) => {
              event.preventDefault();
              pick(member);
            }}
          >
            <Avatar member={member} size={28} />
            <span>
              {member.name}
              {member.tagline && <span className="muted small"> · {member.tagline}</span>}
            </span>
          </li>
        ))}
      </ul>
      <CharacterCount id={`${id}-count`} length={length} max={maxLength} className="fd-count" />
    </div>
  );
}
