import type { Dashboard } from '@api/dashboard/schemas';
import { describe, expect, test } from 'vitest';
import { cardSummary, firstSteps, isFirstDay, lockedInterestText, lockedViewersText, sessionLine } from './cards';

const EMPTY: Dashboard = {
  requests: { total: 0, data: [] },
  messages: { total: 0, data: [] },
  introductions: { interested: 0, locked: 0, people: [], matches: 0, data: [] },
  sessions: { total: 0, toApprove: 0, data: [] },
  views: { total: 0, locked: 0, premium: false, data: [] },
  profile: { percent: 20, next: { field: 'tagline', label: 'Write a tagline', hint: 'One line.', href: '/settings/profile#pf-section-about' } },
  posts: { data: [] },
};

describe('the dashboard cards', () => {
  test('call it a first day while nothing waits and nothing happened, whatever the profile', () => {
    expect(isFirstDay(EMPTY)).toBe(true);
    expect(isFirstDay({ ...EMPTY, views: { ...EMPTY.views, total: 1 } })).toBe(false);
    expect(isFirstDay({ ...EMPTY, requests: { total: 1, data: [] } })).toBe(false);
    expect(isFirstDay({ ...EMPTY, sessions: { total: 1, toApprove: 0, data: [] } })).toBe(false);
    expect(isFirstDay({ ...EMPTY, introductions: { ...EMPTY.introductions, interested: 1, locked: 1 } })).toBe(false);
    expect(isFirstDay({ ...EMPTY, introductions: { ...EMPTY.introductions, matches: 1 } })).toBe(false);
  });

  test('start with the profile’s next step, then finding people, then a first post', () => {
    expect(firstSteps('founder', EMPTY.profile.next).map((step) => step.href)).toEqual(['/settings/profile#pf-section-about', '/founders', '/feed']);
    expect(firstSteps('advisor', null).map((step) => step.label)).toEqual(['Find founders to help', 'Write your first post']);
  });

  test('count in words, one and many', () => {
    expect(cardSummary.requests(1)).toBe('1 request waiting for your answer.');
    expect(cardSummary.messages(2)).toBe('2 conversations with unread messages.');
    expect(cardSummary.messages(0)).toBe('You are all caught up.');
    expect(cardSummary.sessions(3, 1)).toBe('3 upcoming sessions, 1 to approve.');
    expect(cardSummary.views(1200)).toBe('1,200 views in the last 90 days.');
    expect(lockedViewersText(0)).toBeNull();
    expect(lockedViewersText(4)).toBe('4 more viewers with Premium.');
    expect(cardSummary.introductions(0, 0)).toBe('Nobody waits for your answer; no matches yet.');
    expect(cardSummary.introductions(1, 2)).toBe('1 member is interested in you; 2 matches.');
    expect(cardSummary.introductions(3, 1)).toBe('3 members are interested in you; 1 match.');
    expect(lockedInterestText(0)).toBeNull();
    expect(lockedInterestText(1)).toBe('Premium shows who it is.');
    expect(lockedInterestText(2)).toBe('Premium shows who they are.');
  });

  test('say which side of a session request the member is on', () => {
    const session = { _id: 'b', member: {} as never, start: '', end: '', topic: 'Hiring' };
    expect(sessionLine({ ...session, role: 'host', status: 'requested' })).toBe('Hiring · asks for your time');
    expect(sessionLine({ ...session, role: 'guest', status: 'requested' })).toBe('Hiring · request sent');
    expect(sessionLine({ ...session, role: 'guest', status: 'confirmed' })).toBe('Hiring · confirmed');
  });
});
