/**
 * The received-requests badge beside "Connections" in the header. The header renders it
 * on the server (src/components/connections/ConnectionsNavLink.astro); islands keep it current
 * by calling `updateRequestsBadge`, so pages without islands ship no code for it.
 */
import { updateCountBadges } from '../count-badge';

/** The attribute marking the badge element. */
export const BADGE_ATTRIBUTE = 'data-requests-badge';

/** What a screen reader hears after "Connections": ", 2 new requests". */
export function badgeLabel(count: number): string {
  return count === 1 ? ', 1 new request' : `, ${count} new requests`;
}

/** Sets every badge on the page to `count` received requests (hidden at zero). */
export function updateRequestsBadge(count: number): void {
  updateCountBadges(BADGE_ATTRIBUTE, count, badgeLabel(count));
}
