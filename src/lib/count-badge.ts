/**
 * The count badges beside header links (src/components/shell/CountNavLink.astro: the
 * Connections requests, the unread Messages) and the bell's: the figure they show, and
 * the update browser code makes when a count changes, so the server-rendered badges need
 * no script of their own.
 */

/** The figure shown in a badge: the count, capped at 99+. */
export function countFigure(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Sets every badge marked with `attribute` to `count` (hidden at zero); `label` is what a screen reader hears after the link's name. */
export function updateCountBadges(attribute: string, count: number, label: string): void {
  if (typeof document === 'undefined') return;
  for (const badge of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
    const figure = badge.querySelector<HTMLElement>('[data-badge-figure]');
    const spoken = badge.querySelector<HTMLElement>('[data-badge-label]');
    if (figure) figure.textContent = countFigure(count);
    if (spoken) spoken.textContent = label;
    badge.dataset.count = String(count);
    badge.hidden = count <= 0;
  }
}
