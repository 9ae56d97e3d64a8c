/** A post's, comment's or reply's text as rich text (F2's RichText), shortened past `limit` characters with "See more". */
import type { Mention } from '../../lib/feed/types';
import { RichText } from './RichText';

export function PostText({ text, mentions, limit = 600 }: { text: string; mentions?: readonly Mention[] | null; limit?: number }) {
  if (!text) return null;
  return <RichText text={text} mentions={mentions ?? []} limit={limit} className="fd-text" />;
}
