/**
 * Readable, unique profile addresses: `ada-lovelace`, then `ada-lovelace-2`, …
 */

/** Lowercase ASCII words joined by '-': diacritics stripped, anything else a separator. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug a name starts from: its slugified form, or `member` when nothing is left of it. */
export function slugBase(name: string): string {
  return slugify(name) || 'member';
}

/**
 * The first free slug for `base` given the slugs already taken that start with it:
 * `base` itself, else `base-N` with N one past the highest number in use (from 2).
 */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let highest = 1;
  for (const slug of used) {
    const match = slug.startsWith(`${base}-`) ? /^\d+$/.exec(slug.slice(base.length + 1)) : null;
    if (match) highest = Math.max(highest, Number(match[0]));
  }
  return `${base}-${highest + 1}`;
}
