/**
 * The key cities are matched on: lowercase, diacritics folded to ASCII, punctuation as
 * single spaces. scripts/cities.mjs writes it into `cities.search_key` and GET /cities
 * folds what the member typed with the same function, so "Zur" finds Zürich and
 * "cote d'iv" finds Côte d’Ivoire. (No imports: the Node script loads this file as is.)
 */

/** Latin letters that Unicode decomposition leaves alone. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  ı: 'i',
  ə: 'e',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ł: 'l',
  þ: 'th',
};

/** Apostrophes and quotes vanish ("Ra’s" → "ras"), whichever of them was typed. */
const QUOTES = /['‘’`´ʻʼ"“”]/g;

/**
 * The search key of a name. Letters outside the Latin script (Cyrillic, Arabic) are kept,
 * lowercased, so they still match when typed; everything else that is not a letter or a
 * digit separates words.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßıəøæœđðħłþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(QUOTES, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The key of a city as stored: its name's key, then its country's, so "lagos" and
 * "lagos, nigeria" (the label a picker shows) both match by prefix.
 */
export function citySearchKey(name: string, countryName: string): string {
  return `${searchKey(name)} ${searchKey(countryName)}`.trim();
}

/**
 * The smallest string greater than every string starting with `prefix` (its last code
 * point plus one): `key >= prefix AND key < end` is a prefix match an index can serve.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop();
  if (last === undefined) return '\u{10FFFF}';
  return points.join('') + String.fromCodePoint(Math.min(last.codePointAt(0)! + 1, 0x10ffff));
}
