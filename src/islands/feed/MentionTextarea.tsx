/**
 * A textarea that suggests members to @-mention (GET founder/tagging-profiles) as the
 * viewer types `@name`: a combobox with a listbox; arrows move, Enter or Tab picks,
 * Escape closes. Picking writes `@[Name](id)`, the token the server stores as a mention.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { insertMention, mentionQueryAt, type MentionQuery } from '../../lib/feed/mentions';
import type { MemberCard } from '../../lib/feed/types';
import { feedActions } from '../../lib/stores/feed';
import { Avatar } from '../ui/Avatar';

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

export function MentionTextarea({ id, label, value, onChange, maxLength, rows = 3, placeholder, disabled, hideLabel, autoFocus }: Props) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
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
    const caret = ref.current?.selectionStart ?? value.length;
    if (!mention) return;
    const next = insertMention(value, mention, caret, member);
    if (next.text.length > maxLength) return;
    caretAfter.current = next.caret;
    onChange(next.text);
    setMention(null);
    ref.current?.focus();
  }

  return (
    <div className="fd-mention">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'fd-label'}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
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
      <p className="fd-count muted small" aria-live="off">
        {value.length}/{maxLength}
      </p>
    </div>
  );
}
