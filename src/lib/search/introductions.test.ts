import { describe, expect, test } from 'vitest';
import { interestedAgo, renewsOn } from './introductions';

describe('the introductions words', () => {
  test('say when the invitations renew as a short date', () => {
    expect(renewsOn('2026-12-07T00:00:00.000Z', 'en-GB')).toMatch(/^Mon,? 7 Dec$/);
  });

  test('say how long ago someone said Interested', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    expect(interestedAgo('2026-12-03T08:00:00Z', now)).toBe('today');
    expect(interestedAgo('2026-12-02T08:00:00Z', now)).toBe('yesterday');
    expect(interestedAgo('2026-11-29T08:00:00Z', now)).toBe('4 days ago');
  });
});
