import { describe, expect, test } from 'vitest';
import { countFigure } from './count-badge';

describe('a count badge', () => {
  test('caps the figure at 99+', () => {
    expect(countFigure(7)).toBe('7');
    expect(countFigure(99)).toBe('99');
    expect(countFigure(100)).toBe('99+');
    expect(countFigure(120)).toBe('99+');
  });
});
