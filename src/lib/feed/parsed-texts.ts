/**
 * The first page's texts parsed on the server (src/pages/feed.astro): the feed island shows
 * them from these tokens and so does not load the parser for them (src/lib/text/rich-tokens.ts).
 */
import { richText } from '../text/rich-text';
import { richTextKey, type RichToken } from '../text/rich-tokens';
import type { InitialFeed } from './state';

/** Each post's text in the first page and the pinned posts, by richTextKey. */
export function parsedTexts(initial: InitialFeed): Record<string, RichToken[]> {
  const parsed: Record<string, RichToken[]> = {};
  for (const post of [...(initial.page?.data ?? []), ...initial.pinned]) {
    if (post.text) parsed[richTextKey(post.text, post.mentions)] = richText(post.text, { mentions: post.mentions });
  }
  return parsed;
}
