import { describe, expect, test } from 'vitest';
import { badgeLabel } from './badge';

describe('the header badge', () => {
  test('tells screen readers how many requests are new', () => {
    expect(badgeLabel(1)).toBe(', 1 new request');
    expect(badgeLabel(4)).toBe(', 4 new requests');
  });
});
