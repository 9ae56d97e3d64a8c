/**
 * The received-requests badge beside "Connections" in the header. The header renders it
 * on the server (src/components/connections/ConnectionsNavLink.astro); islands keep it current
 * by calling `updateRequestsBadge`, so pages without islands ship no code for it.
 */

/** The attribute marking the badge element. */
export const BADGE_ATTRIBUTE = 'data-requests-badge';

/** What a screen reader hears after "Connections": ", 2 new requests". */
export function badgeLabel(count: number): string {
  return count === 1 ? ', 1 new request' : `, ${count} new requests`;
}

/** The figure shown in the badge: the count, capped at 99+. */
export function badgeFigure(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Sets every badge on the page to `count` received requests (hidden at zero). */
export function updateRequestsBadge(count: number): void {
  if (typeof document === 'undefined') return;
  for (const badge of document.querySelectorAll<HTMLElement>(`[${BADGE_ATTRIBUTE}]`)) {
    const figure = badge.querySelector<HTMLElement>('[data-badge-figure]');
    const label = badge.querySelector<HTMLElement>('[data-badge-label]');
    if (figure) figure.textContent = badgeFigure(count);
    if (label) label.textContent = badgeLabel(count);
    badge.hidden = count <= 0;
  }
}
