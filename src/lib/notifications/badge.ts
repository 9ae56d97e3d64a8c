/**
 * The header's unread figures: the bell's (an island) and the one beside "Messages"
 * (server-rendered by MessagesNavLink.astro, kept current by `updateMessagesBadge`).
 */
import { updateCountBadges } from '../count-badge';

/** The attribute marking the messages badge element. */
export const MESSAGES_BADGE_ATTRIBUTE = 'data-messages-badge';

/** The attribute of the bell's element that holds the unseen figure the server rendered. */
export const BELL_UNSEEN_ATTRIBUTE = 'data-bell-unseen';

/** What a screen reader hears after "Messages": ", 2 unread". */
export function messagesBadgeLabel(count: number): string {
  return `, ${count} unread`;
}

/** The bell's name: "Notifications, 3 unread" (just "Notifications" at zero). */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

/** Sets every messages badge on the page to `count` (hidden at zero). */
export function updateMessagesBadge(count: number): void {
  updateCountBadges(MESSAGES_BADGE_ATTRIBUTE, count, messagesBadgeLabel(count));
}

/** The count in `valueAttribute` of the page's first element marked with `marker`; null when there is none. */
function renderedCount(marker: string, valueAttribute: string): number | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector(`[${marker}]`)?.getAttribute(valueAttribute);
  const count = Number(value);
  return value != null && Number.isInteger(count) && count >= 0 ? count : null;
}

/** The figure the server rendered into the messages badge of this page, if there is one. */
export function renderedMessagesCount(): number | null {
  return renderedCount(MESSAGES_BADGE_ATTRIBUTE, 'data-count');
}

/** The unseen figure the server rendered into the bell of this page, if there is one. */
export function renderedNotificationsCount(): number | null {
  return renderedCount(BELL_UNSEEN_ATTRIBUTE, BELL_UNSEEN_ATTRIBUTE);
}
