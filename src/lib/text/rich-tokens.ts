/**
 * Rich-text tokens (src/lib/text/rich-text.ts makes them from member text) and what works on
 * them without the parser: the "See more" cut, a text's plain tokens, the key a parsed text is
 * found by. The parser (linkify-it and its Unicode tables) stays out of the feed's first load:
 * the server parses the first page's posts (src/lib/feed/parsed-texts.ts) and the feed loads
 * the parser only for a text it has not seen (issue 29: the feed's first load budget).
 */

export type RichToken =
  | { type: 'text'; value: string }
  | { type: 'link'; href: string; label: string }
  /** `tag` is lowercase (the feed filter's value); `label` is as written, with `#`. */
  | { type: 'hashtag'; tag: string; label: string; href: string }
  /** `href` is the profile of a stored mention, null for anyone else (shown as plain `@name`). */
  | { type: 'mention'; userId: string; name: string; href: string | null }
  | { type: 'youtube'; videoId: string; href: string }
  | { type: 'break' };

/** A stored mention as the API lists it (FeedPost, Comment and Reply `mentions`). */
export type MentionRef = { _id: string; slug: string; memberType: 'founder' | 'advisor' };

// Direction overrides and isolates would let a label read differently from its address.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** rel of links to other sites in members' text: they pass no ranking and no opener. */
export const EXTERNAL_REL = 'nofollow ugc noopener';

/** A label without direction controls (they could make it read as another address). */
export function cleanLabel(label: string): string {
  return label.replace(BIDI_CONTROLS, '');
}

/** Text between special spans: text tokens, with a break token for each line break. */
export function pushText(tokens: RichToken[], value: string): void {
  value.split('\n').forEach((line, index) => {
    if (index > 0) tokens.push({ type: 'break' });
    if (line) tokens.push({ type: 'text', value: line });
  });
}

/** Text as it reads before it is parsed: text and line breaks only. */
export function plainTokens(text: string | null | undefined): RichToken[] {
  const tokens: RichToken[] = [];
  pushText(tokens, (text ?? '').replace(/\r\n?/g, '\n'));
  return tokens;
}

/** What a parsed text is found by: its text and the mentions that make its profile links. */
export function richTextKey(text: string, mentions: readonly MentionRef[] | null | undefined): string {
  return `${(mentions ?? []).map((mention) => `${mention._id}:${mention.memberType}:${mention.slug}`).join(',')}\n${text}`;
}

/** How many characters a token shows (a break counts as one). */
function visibleLength(token: RichToken): number {
  switch (token.type) {
    case 'text':
      return Array.from(token.value).length;
    case 'link':
      return Array.from(token.label).length;
    case 'hashtag':
      return Array.from(token.label).length;
    case 'mention':
      return Array.from(token.name).length + 1;
    case 'youtube':
      return 1;
    case 'break':
      return 1;
  }
}

/**
 * The first `limit` visible characters of tokens, for a "see more" preview: text is cut
 * at its last space before the limit (like truncateText), and a link, tag or mention that
 * does not fit is left out whole rather than cut. `truncated` says whether anything was.
 */
export function truncateTokens(tokens: readonly RichToken[], limit: number): { tokens: RichToken[]; truncated: boolean } {
  const kept: RichToken[] = [];
  let room = Math.max(0, Math.floor(limit));
  for (const [index, token] of tokens.entries()) {
    const length = visibleLength(token);
    if (length <= room) {
      kept.push(token);
      room -= length;
      continue;
    }
    if (token.type === 'text' && room > 0) {
      const chars = Array.from(token.value);
      const window = chars.slice(0, room + 1).join('');
      const cut = window.search(/\s\S*$/);
      const value = (cut > 0 ? window.slice(0, cut) : kept.length === 0 ? chars.slice(0, room).join('') : '').trimEnd();
      if (value) kept.push({ type: 'text', value });
    }
    while (kept.at(-1)?.type === 'break') kept.pop();
    const last = kept.at(-1);
    if (last?.type === 'text') {
      const value = last.value.trimEnd();
      if (value) kept[kept.length - 1] = { type: 'text', value };
      else kept.pop();
    }
    return { tokens: kept, truncated: index < tokens.length };
  }
  return { tokens: kept, truncated: false };
}
