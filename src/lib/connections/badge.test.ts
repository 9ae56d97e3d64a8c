import { describe, expect, test } from 'vitest';
import { badgeFigure, badgeLabel } from './badge';

describe('the header badge', () => {
  test('tells screen readers how many requests are new', () => {
    expect(badgeLabel(1)).toBe(', 1 new request');
    expect(badgeLabel(4)).toBe(', 4 new requests');
  });

  test('caps the figure at 99+', () => {
    expect(badgeFigure(7)).toBe('7');
    expect(badgeFigure(99)).toBe('99');
    expect(badgeFigure(120)).toBe('99+');
  });
});
