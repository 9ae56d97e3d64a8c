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

/**
 * The first free slug for `base` given the slugs already taken that start with it:
 * `base` itself, else `base-N` with N one past the highest number in use (from 2).
 */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const root = base || 'member';
  const used = new Set(taken);
  if (!used.has(root)) return root;
  let highest = 1;
  for (const slug of used) {
    const match = slug.startsWith(`${root}-`) ? /^\d+$/.exec(slug.slice(root.length + 1)) : null;
    if (match) highest = Math.max(highest, Number(match[0]));
  }
  return `${root}-${highest + 1}`;
}
