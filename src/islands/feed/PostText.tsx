/**
 * A post's or comment's text, shortened past `limit` characters with a "See more" button.
 * The text is rendered as text only (no markup is ever parsed).
 */
import { useState } from 'react';
import type { Mention } from '../../lib/feed/types';
import { truncateText } from '../../lib/text/truncate';

export function PostText({ text, mentions, limit = 600 }: { text: string; mentions: Mention[]; limit?: number }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const long = Array.from(text).length > limit;
  const shown = long && !open ? truncateText(text, limit, '…') : text;
  return (
    <div className="fd-text">
      <TextBody text={shown} mentions={mentions} />
      {long && (
        <button type="button" className="fd-link-btn" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'See less' : 'See more'}
        </button>
      )}
    </div>
  );
}

function TextBody({ text }: { text: string; mentions: Mention[] }) {
  return <p className="fd-plain">{text}</p>;
}
