/** Words of the introductions screens that are pure functions of the data (tested in introductions.test.ts). */

/** When the week's invitations renew, in the member's own words and zone: "Mon 7 Dec". */
export function renewsOn(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale ?? 'en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
}

/** How long ago someone said Interested: "today", "yesterday", "3 days ago". */
export function interestedAgo(iso: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}
