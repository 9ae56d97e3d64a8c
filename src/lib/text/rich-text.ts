/**
 * Member text → tokens (docs/product.md#member-text), shared by server rendering and islands. Links are
 * found with linkify-it (web and www addresses, bare domains, emails, plus phone numbers),
 * then hashtags, mentions `@[Name](<user id>)`, YouTube videos and line breaks. Tokens
 * carry plain strings only: renderers put them in text nodes and attributes (never HTML),
 * and every `href` here is http(s), mailto or tel — or a path of this site.
 */
import linkifyIt, { type LinkifyIt } from 'linkify-it';
import { cleanLabel, pushText, type MentionRef, type RichToken } from './rich-tokens';
import { youTubeId, youTubeWatchUrl } from './youtube';

export { EXTERNAL_REL, truncateTokens, type MentionRef, type RichToken } from './rich-tokens';

/**
 * `hashtagHref`: where a hashtag leads (the members' feed filter by default; the public
 * topic page `/tags/<tag>` on the pages visitors read).
 */
export type RichTextOptions = { mentions?: readonly MentionRef[] | null; hashtagHref?: (tag: string) => string };

const feedHashtagHref = (tag: string) => `/feed?hashtag=${encodeURIComponent(tag)}`;

/** Longest hashtag, as the server stores them (functions/src/shared/feed-limits.ts). */
const HASHTAG_MAX = 50;
const HASHTAG = new RegExp(`(^|[^\\p{L}\\p{N}_&/#])(#([\\p{L}\\p{N}_]{1,${HASHTAG_MAX}}))(?![\\p{L}\\p{N}_])`, 'gu');
const MENTION = /@\[([^\]\n]{1,100})\]\(([0-9a-f]{24})\)/g;
// `+` and a country code with 8–15 digits in groups, or North American `(123) 456-7890`,
// `123-456-7890`, `123.456.7890`; never inside a word or a longer number.
const PHONE = /(?<![\p{L}\p{N}_+.-])(?:\+\d{1,3}(?:[ .-]?(?:\(\d{1,4}\)|\d{1,5})){2,6}|\(\d{3}\) ?\d{3}[ .-]\d{4}|\d{3}([.-])\d{3}\1\d{4})(?![\p{L}\p{N}_]|[.-]\d)/gu;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// Newer top-level domains people write bare (the defaults cover 2-letter zones, com, org, net…).
const EXTRA_TLDS = [
  'ai',
  'app',
  'dev',
  'io',
  'tech',
  'xyz',
  'online',
  'site',
  'blog',
  'cloud',
  'design',
  'studio',
  'ventures',
  'capital',
  'fund',
  'vc',
  'club',
  'store',
  'news',
  'page',
  'link',
  'life',
  'world',
  'today',
  'agency',
  'email',
  'global',
  'network',
  'solutions',
  'systems',
  'software',
  'digital',
  'media',
  'group',
  'team',
  'health',
  'finance',
  'money',
  'energy',
  'earth',
  'bio',
  'inc',
  'llc',
  'ltd',
  'company',
  'works',
  'zone',
  'space',
  'social',
  'chat',
  'live',
  'one',
  'top',
  'art',
  'academy',
  'school',
  'careers',
  'jobs',
  'events',
  'community',
  'consulting',
  'partners',
  'legal',
  'law',
  'ngo',
  'foundation',
];

let linkifier: LinkifyIt | undefined;
function linkify(): LinkifyIt {
  linkifier ??= linkifyIt().tlds(EXTRA_TLDS, true).add('ftp:', null).add('//', null).set({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });
  return linkifier;
}

/** `url` when it is an absolute http(s), mailto or tel address, else null. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

type Span = { start: number; end: number; token: RichToken };

function linkSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of linkify().match(text) ?? []) {
    const href = safeHref(match.url);
    if (!href) continue;
    const videoId = match.schema === 'mailto:' || href.startsWith('mailto:') ? null : youTubeId(href);
    const token: RichToken = videoId ? { type: 'youtube', videoId, href: youTubeWatchUrl(videoId) } : { type: 'link', href, label: cleanLabel(match.raw) };
    spans.push({ start: match.index, end: match.lastIndex, token });
  }
  return spans;
}

function phoneSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(PHONE)) {
    const raw = match[0];
    const digits = raw.replace(/\D/g, '');
    const international = raw.startsWith('+');
    if (international && (digits.length < 8 || digits.length > 15)) continue;
    spans.push({ start: match.index, end: match.index + raw.length, token: { type: 'link', href: `tel:${international ? '+' : ''}${digits}`, label: raw } });
  }
  return spans;
}

function hashtagSpans(text: string, hrefOf: (tag: string) => string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(HASHTAG)) {
    const body = match[3]!;
    if (/^\p{N}+$/u.test(body)) continue;
    const start = match.index + match[1]!.length;
    const tag = body.toLowerCase();
    spans.push({ start, end: start + match[2]!.length, token: { type: 'hashtag', tag, label: match[2]!, href: hrefOf(tag) } });
  }
  return spans;
}

function mentionSpans(text: string, mentions: readonly MentionRef[]): Span[] {
  const known = new Map(mentions.map((mention) => [mention._id, mention]));
  const spans: Span[] = [];
  for (const match of text.matchAll(MENTION)) {
    const ref = known.get(match[2]!);
    const href = ref?.slug ? `/${ref.memberType === 'advisor' ? 'advisor' : 'founder'}/${encodeURIComponent(ref.slug)}` : null;
    spans.push({ start: match.index, end: match.index + match[0].length, token: { type: 'mention', userId: match[2]!, name: cleanLabel(match[1]!).trim() || 'member', href } });
  }
  return spans;
}

/**
 * Tokens of member text. Where detections overlap, the one starting first wins (a
 * mention before a link inside its name; a link before a `#fragment` inside it), and the
 * longer one on a tie.
 */
export function richText(text: string | null | undefined, options: RichTextOptions = {}): RichToken[] {
  const source = (text ?? '').replace(/\r\n?/g, '\n');
  if (!source) return [];
  const spans = [
    ...mentionSpans(source, options.mentions ?? []),
    ...linkSpans(source),
    ...phoneSpans(source),
    ...hashtagSpans(source, options.hashtagHref ?? feedHashtagHref),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const tokens: RichToken[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    pushText(tokens, source.slice(at, span.start));
    tokens.push(span.token);
    at = span.end;
  }
  pushText(tokens, source.slice(at));
  return tokens;
}
