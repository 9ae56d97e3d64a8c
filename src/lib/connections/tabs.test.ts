import { describe, expect, test } from 'vitest';
import { addressFor, tabAfterKey, tabCount, tabFromQuery, TABS } from './tabs';

describe('tabFromQuery', () => {
  test('reads a known tab and falls back to received for anything else', () => {
    expect(tabFromQuery('sent')).toBe('sent');
    expect(tabFromQuery('blocked')).toBe('blocked');
    expect(tabFromQuery('accepted')).toBe('received');
    expect(tabFromQuery(null)).toBe('received');
  });
});

describe('addressFor', () => {
  const url = new URL('http://127.0.0.1:4404/connections?tab=sent&x=1');
  test('puts the tab in the query and keeps the rest of the address', () => {
    expect(addressFor(url, 'suggestions')).toBe('/connections?tab=suggestions&x=1');
  });
  test('drops the parameter for the default tab', () => {
    expect(addressFor(url, 'received')).toBe('/connections?x=1');
  });
});

describe('tabAfterKey', () => {
  test('moves right and left and wraps at both ends', () => {
    expect(tabAfterKey('received', 'ArrowRight')).toBe('sent');
    expect(tabAfterKey('blocked', 'ArrowRight')).toBe('received');
    expect(tabAfterKey('received', 'ArrowLeft')).toBe('blocked');
  });
  test('goes to the first and last tab with Home and End, and ignores other keys', () => {
    expect(tabAfterKey('sent', 'Home')).toBe('received');
    expect(tabAfterKey('sent', 'End')).toBe('blocked');
    expect(tabAfterKey('sent', 'Enter')).toBeNull();
  });
});

describe('tabCount', () => {
  test('shows the figure the tab stands for, none for suggestions, and none before counts arrive', () => {
    const counts = { received: 2, sent: 1, accepted: 7, blocked: 0 };
    expect(TABS.map((tab) => tabCount(tab, counts))).toEqual([2, 1, 7, null, 0]);
    expect(tabCount(TABS[0]!, null)).toBeNull();
  });
});
