/**
 * What the dashboard's cards say (docs/product.md#the-dashboard), as pure functions the
 * server render and its tests share: whether the member has anything yet, the headline of
 * each card, and how a session reads.
 */
import type { Dashboard } from '@api/dashboard/schemas';
import type { MemberType } from '../members/types';

/** Nothing waits and nothing happened yet: the home shows where to start instead of empty cards. */
export function isFirstDay(dashboard: Dashboard): boolean {
  return (
    dashboard.requests.total === 0 &&
    dashboard.messages.total === 0 &&
    dashboard.introductions.interested === 0 &&
    dashboard.introductions.matches === 0 &&
    dashboard.sessions.total === 0 &&
    dashboard.views.total === 0 &&
    dashboard.posts.data.length === 0
  );
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The count line under each card's title. */
export const cardSummary = {
  requests: (total: number) => (total === 0 ? 'No requests waiting.' : `${plural(total, 'request', 'requests')} waiting for your answer.`),
  messages: (total: number) => (total === 0 ? 'You are all caught up.' : `${plural(total, 'conversation', 'conversations')} with unread messages.`),
  sessions: (total: number, toApprove: number) =>
    total === 0 ? 'No sessions booked.' : `${plural(total, 'upcoming session', 'upcoming sessions')}${toApprove > 0 ? `, ${toApprove} to approve` : ''}.`,
  introductions: (interested: number, matches: number) => {
    const waiting = interested === 0 ? 'Nobody waits for your answer' : `${plural(interested, 'member is', 'members are')} interested in you`;
    return `${waiting}; ${matches === 0 ? 'no matches yet' : plural(matches, 'match', 'matches')}.`;
  },
  views: (total: number) => (total === 0 ? 'No profile views in the last 90 days.' : `${plural(total, 'view', 'views')} in the last 90 days.`),
};

/** A free member's line about the interested members only Premium shows (null when none are locked). */
export function lockedInterestText(locked: number): string | null {
  return locked > 0 ? `Premium shows who ${locked === 1 ? 'it is' : 'they are'}.` : null;
}

/** A free member's line about the viewers only Premium shows (null when none are locked). */
export function lockedViewersText(locked: number): string | null {
  return locked > 0 ? `${plural(locked, 'more viewer', 'more viewers')} with Premium.` : null;
}

/** How a session reads in its row: with whom, and which side the member is on. */
export function sessionLine(session: Dashboard['sessions']['data'][number]): string {
  const state = session.status === 'requested' ? (session.role === 'host' ? 'asks for your time' : 'request sent') : 'confirmed';
  return `${session.topic} · ${state}`;
}

/** The first steps of a member with nothing yet, each a link (the profile's own next step first). */
export function firstSteps(memberType: MemberType, next: Dashboard['profile']['next']): Array<{ label: string; hint: string; href: string }> {
  const find =
    memberType === 'founder'
      ? { label: 'Find a co-founder or an advisor', hint: 'Browse founders and advisors, and ask the right ones to connect.', href: '/founders' }
      : { label: 'Find founders to help', hint: 'Browse founders by industry and stage, and ask to connect.', href: '/founders' };
  return [
    ...(next ? [{ label: next.label, hint: next.hint, href: next.href }] : []),
    find,
    { label: 'Write your first post', hint: 'Say what you work on and what you look for: the feed is where members notice you.', href: '/feed' },
  ];
}
