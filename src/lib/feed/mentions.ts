/**
 * @-mentions in the composer: the word being typed after `@` (what to suggest for), and the
 * text once a member is picked, with the token `@[Display Name](<user id>)` the server reads.
 */

import { MENTION_TOKEN, readerText } from '@api/shared/feed-limits';
import { overLimitReason } from '../text/limits';

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

// Suggestions start at two characters, as the API's mention search does.
const TYPING = /(^|\s)@([\p{L}\p{N}_.'-]{2,30})$/u;

/** The mention being typed at `caret`, from its second character, or null (a `@` must start a word). */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2]!;
  return { start: caret - query.length - 1, query };
}

/** The token for a member: brackets and parentheses in a name are left out so the token stays whole. */
function mentionToken(member: { _id: string; name: string }): { token: string; name: string } {
  // At most 100 characters: the longest name a stored mention carries (MENTION_TOKEN).
  const name =
    member.name
      .replace(/[[\]()]/g, '')
      .trim()
      .slice(0, 100)
      .trim() || 'member';
  return { token: `@[${name}](${member._id})`, name };
}

/** One mention in the text the member sees: `@Name` from `start` to `end`, stored as `token`. */
export interface MentionSpan {
  start: number;
  end: number;
  token: string;
}

/** What the box shows: the text as readers will read it, and where its mentions are. */
export interface ShownText {
  shown: string;
  spans: MentionSpan[];
}

/** The stored text (with tokens) as the member sees it: each token as `@Name`. */
export function shownText(stored: string): ShownText {
  const spans: MentionSpan[] = [];
  let shown = '';
  let from = 0;
  for (const match of stored.matchAll(MENTION_TOKEN)) {
    shown += stored.slice(from, match.index);
    const start = shown.length;
    shown += `@${match[1]}`;
    spans.push({ start, end: shown.length, token: match[0] });
    from = match.index + match[0].length;
  }
  return { shown: shown + stored.slice(from), spans };
}

/** The stored text again: the shown text with each mention's `@Name` back as its token. */
export function storedText({ shown, spans }: ShownText): string {
  let stored = '';
  let from = 0;
  for (const span of spans) {
    stored += shown.slice(from, span.start) + span.token;
    from = span.end;
  }
  return stored + shown.slice(from);
}

/**
 * The box after the member changed its text to `next` (typed, pasted or deleted: one run of
 * characters changes). Mentions before and after the change stay, moved along; a mention the
 * change touches becomes the plain text that is left of it.
 */
export function editShown(before: ShownText, next: string): ShownText {
  const old = before.shown;
  let prefix = 0;
  const most = Math.min(old.length, next.length);
  while (prefix < most && old[prefix] === next[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < most - prefix && old[old.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix += 1;
  const changedEnd = old.length - suffix;
  const shift = next.length - old.length;
  const spans: MentionSpan[] = [];
  for (const span of before.spans) {
    if (span.end <= prefix) spans.push(span);
    else if (span.start >= changedEnd) spans.push({ ...span, start: span.start + shift, end: span.end + shift });
  }
  return { shown: next, spans };
}

/** The box with the typed mention replaced by the member's `@Name` and a space; the caret lands after it. */
export function insertMention(box: ShownText, mention: MentionQuery, caret: number, member: { _id: string; name: string }): { box: ShownText; caret: number } {
  const { token, name } = mentionToken(member);
  const label = `@${name}`;
  const after = box.shown.slice(caret).replace(/^\s/, '');
  const shown = `${box.shown.slice(0, mention.start)}${label} ${after}`;
  const edited = editShown(box, shown);
  const span = { start: mention.start, end: mention.start + label.length, token };
  const spans = [...edited.spans.filter((item) => item.end <= mention.start || item.start >= span.end + 1), span].sort((a, b) => a.start - b.start);
  return { box: { shown, spans }, caret: mention.start + label.length + 1 };
}

/** How many characters readers will see of a stored text: its mentions count as `@Name`. */
export function readerLength(stored: string): number {
  return readerText(stored).length;
}

/** Why a text can't be sent as it is (`Your post is 12 characters over the limit of 3000.`), or null. */
export function overLimit(stored: string, max: number, what: string): string | null {
  return overLimitReason(what, readerLength(stored.trim()), max);
}
