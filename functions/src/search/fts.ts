/**
 * FTS5 queries built from what a member typed: its words only, each quoted as a string
 * and matched whole or as a prefix, all of them required. Quotes, `*`, `NEAR`, `OR`, column
 * filters and parentheses therefore never reach FTS5 as syntax, and every query parses.
 */

/** Words beyond this many are ignored: a search box needs no more, and each costs a lookup. */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a text as profile_search's tokenizer (unicode61) would split them:
 * runs of letters and digits. Marks stay with their letter so "São" is one word.
 */
export function queryWords(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/**
 * The words of a mention query: those of at least two characters. FTS5 has prefix indexes of
 * two and three characters; one letter would merge the doclists of every name word it
 * begins, about 80 ms a statement at a million members.
 */
export function mentionWords(text: string): string[] {
  return queryWords(text).filter((word) => [...word].length >= 2);
}

/**
 * How a query's words match: `prefix`, as the beginnings of words (`"ada"*`), or `whole`,
 * as words (`"ada"`). A whole word is one doclist to read; a prefix longer than the table's
 * prefix indexes (2 and 3 characters) makes FTS5 merge the doclists of every word it
 * begins, in full, for each query: milliseconds for a word in a few percent of a million
 * profiles.
 */
export type WordForm = 'whole' | 'prefix';

/**
 * The MATCH expression for the words of `text` (null when it has none): `"ada"* "love"*`
 * (or `"ada" "love"` whole). With `column`, every word must be in that column:
 * `name : ("ada"* "love"*)`. Words hold only letters, digits and marks, so quoting cannot
 * be broken out of.
 */
export function ftsQuery(text: string, column?: 'name' | 'headline' | 'body', form: WordForm = 'prefix'): string | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const phrases = words.map((word) => (form === 'prefix' ? `"${word}"*` : `"${word}"`)).join(' ');
  return column ? `${column} : (${phrases})` : phrases;
}
