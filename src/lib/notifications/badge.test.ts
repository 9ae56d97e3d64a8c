import { describe, expect, test } from 'vitest';
import { bellLabel, countFigure, messagesBadgeLabel } from './badge';

describe('the header badges', () => {
  test('show the count, capped at 99+', () => {
    expect(countFigure(7)).toBe('7');
    expect(countFigure(99)).toBe('99');
    expect(countFigure(100)).toBe('99+');
  });

  test('name the bell and the messages count for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(messagesBadgeLabel(2)).toBe(', 2 unread');
  });
});
