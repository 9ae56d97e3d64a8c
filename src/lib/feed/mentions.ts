/**
 * @-mentions in the composer: the word being typed after `@` (what to suggest for), and the
 * text once a member is picked, with the token `@[Display Name](<user id>)` the server reads.
 */

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
function mentionToken(member: { _id: string; name: string }): string {
  const name = member.name.replace(/[[\]()]/g, '').trim() || 'member';
  return `@[${name}](${member._id})`;
}

/** The text with the typed mention replaced by the member's token and a space; the caret lands after it. */
export function insertMention(text: string, mention: MentionQuery, caret: number, member: { _id: string; name: string }): { text: string; caret: number } {
  const token = `${mentionToken(member)} `;
  const after = text.slice(caret).replace(/^\s/, '');
  return { text: text.slice(0, mention.start) + token + after, caret: mention.start + token.length };
}
