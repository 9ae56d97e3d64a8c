/**
 * Page links of a paged result: which page numbers a pager shows, and where an address
 * asking for a page past the end should land.
 */

/** A page number to link, or a gap ("…") between distant pages. */
export type PageItem = number | 'gap';

/**
 * The pages a pager lists around `current` of `pages`: always the first and the last,
 * `current` and its `around` neighbours on each side, with a gap where pages are left out.
 * A gap never stands for a single page (that page is shown instead).
 */
export function pageItems(current: number, pages: number, around = 1): PageItem[] {
  if (pages <= 1) return [];
  const page = clampPage(current, pages);
  const shown = new Set([1, pages]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const before = sorted[index - 1];
    if (before !== undefined && n - before === 2) items.push(before + 1);
    else if (before !== undefined && n - before > 2) items.push('gap');
    items.push(n);
  });
  return items;
}

/** `page` kept within 1…pages (an empty result has one, empty, page). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
}
