export const DEFAULT_TRUNCATE_SUFFIX = '… see more';

/**
 * Shortens text to at most `limit` characters plus a suffix (docs/product.md#member-text).
 * Text that fits is returned unchanged. Otherwise it is cut at the last whitespace at or
 * before the limit, so no word is split, and the suffix is appended; a single word longer
 * than the limit is cut at the limit. Characters are counted as code points so an emoji
 * is never split in half.
 */
export function truncateText(text: string | null | undefined, limit: number, suffix: string = DEFAULT_TRUNCATE_SUFFIX): string {
  const chars = Array.from(text ?? '');
  const max = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
  if (chars.length <= max) return chars.join('');

  // Look one character past the limit: a space right there means the word before it is whole.
  const window = chars.slice(0, max + 1);
  let breakAt = -1;
  for (let i = window.length - 1; i > 0; i -= 1) {
    if (/\s/.test(window[i]!)) {
      breakAt = i;
      break;
    }
  }
  const kept = breakAt > 0 ? chars.slice(0, breakAt).join('').trimEnd() : chars.slice(0, max).join('');
  // A cut inside a run of leading spaces leaves nothing: fall back to the hard cut.
  return (kept || chars.slice(0, max).join('').trimEnd()) + suffix;
}
