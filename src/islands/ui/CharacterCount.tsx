/**
 * The count under a limited text field (src/lib/text/limits.ts): empty until 80% of the
 * limit, then what is left, then by how much the text is over. The field points at it with
 * aria-describedby, and it is polite live text so a screen reader hears it change.
 */
import { countText } from '../../lib/text/limits';

interface Props {
  id: string;
  length: number;
  max: number;
  /** Classes for where it sits; the count is a hint, in the error colour once over the limit. */
  className?: string;
}

export function CharacterCount({ id, length, max, className }: Props) {
  const over = length > max;
  return (
    <p id={id} className={`${className ?? ''} ${over ? 'field-error' : 'hint'} char-count`.trim()} aria-live="polite" data-text-count data-over={over || undefined}>
      {countText(length, max)}
    </p>
  );
}
