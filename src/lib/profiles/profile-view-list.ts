/**
 * The profile-views screen in words: its two tabs (`?tab=viewers|viewed`), each row of
 * "Who viewed me" (a member, someone browsing privately, or a row only Premium shows), the
 * totals and the Premium offer for the views a free member cannot see.
 */
import type { MemberCard } from '@api/members/schemas';
import type { ProfileViews, ViewedProfiles } from '@api/profiles/schemas';
import { fullDate, relativeTime } from '../text/relative-time';
import type { ViewsTab } from './server';

/** The tabs, in order, with their labels and what each is for. */
export const VIEWS_TABS: ReadonlyArray<{ key: ViewsTab; label: string }> = [
  { key: 'viewers', label: 'Who viewed me' },
  { key: 'viewed', label: 'Whom I viewed' },
];

/** The tab a `?tab=` value names; "Who viewed me" for anything else. */
export function viewsTabFromQuery(value: string | null | undefined): ViewsTab {
  return value === 'viewed' ? 'viewed' : 'viewers';
}

/** How long ago, and the exact time for a tooltip, of a view. */
export interface ViewTime {
  iso: string;
  ago: string;
  exact: string;
}

export type ViewRow = { kind: 'member'; member: MemberCard; time: ViewTime } | { kind: 'private'; time: ViewTime } | { kind: 'locked'; time: ViewTime };

const viewTime = (iso: string, now: number): ViewTime => ({ iso, ago: relativeTime(iso, now), exact: fullDate(iso) });

/** The rows of "Who viewed me": named viewers, private ones, and any the API kept for Premium. */
export function viewerRows(views: ProfileViews, now: number): ViewRow[] {
  return views.data.map((view) => {
    const time = viewTime(view.viewedAt, now);
    if (view.member) return { kind: 'member', member: view.member, time };
    return view.private ? { kind: 'private', time } : { kind: 'locked', time };
  });
}

/** The rows of "Whom I viewed": every one names a member. */
export function viewedRows(viewed: ViewedProfiles, now: number): Array<{ member: MemberCard; time: ViewTime }> {
  return viewed.data.map((row) => ({ member: row.member, time: viewTime(row.viewedAt, now) }));
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The header line of a tab: "12 profile views in the last 90 days" / "You viewed 4 profiles". */
export function viewsSummary(tab: ViewsTab, total: number): string {
  if (tab === 'viewers') return `${plural(total, 'profile view', 'profile views')} in the last 90 days`;
  return total === 0 ? 'You have not viewed any profiles yet' : `You viewed ${plural(total, 'profile', 'profiles')}`;
}

/** The Premium offer for the views a free member does not see; null when nothing is locked. */
export function upsellHeading(locked: number): string | null {
  if (locked <= 0) return null;
  return `${plural(locked, 'more member', 'more members')} viewed your profile — see them all with Premium`;
}
