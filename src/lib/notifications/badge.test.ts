import { describe, expect, test } from 'vitest';
import { bellLabel, messagesBadgeLabel } from './badge';

describe('the header badges', () => {
  test('name the bell and the messages count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(messagesBadgeLabel(2)).toBe(', 2 unread');
  });
});
