import { expect, test } from 'vitest';
import { cityQuery, nextActive, resultsAnnouncement } from './combobox';

test('arrow keys move through the options and wrap at both ends', () => {
  expect(nextActive(-1, 'ArrowDown', 3)).toBe(0);
  expect(nextActive(0, 'ArrowDown', 3)).toBe(1);
  expect(nextActive(2, 'ArrowDown', 3)).toBe(0);
  expect(nextActive(-1, 'ArrowUp', 3)).toBe(2);
  expect(nextActive(0, 'ArrowUp', 3)).toBe(2);
  expect(nextActive(1, 'Home', 3)).toBe(0);
  expect(nextActive(1, 'End', 3)).toBe(2);
  expect(nextActive(0, 'ArrowDown', 0)).toBe(-1);
});

test('the search text is trimmed, squeezed and asked only from two characters', () => {
  expect(cityQuery(' l ')).toBeNull();
  expect(cityQuery('  new   york ')).toBe('new york');
  expect(cityQuery('x'.repeat(200))).toHaveLength(80);
});

test('the status line says what the list holds', () => {
  expect(resultsAnnouncement(0, false, null)).toBe('');
  expect(resultsAnnouncement(0, true, 'la')).toBe('Searching cities…');
  expect(resultsAnnouncement(0, false, 'zz')).toMatch(/No cities match/);
  expect(resultsAnnouncement(1, false, 'lagos')).toMatch(/^1 city found/);
  expect(resultsAnnouncement(4, false, 'la')).toMatch(/^4 cities found/);
});
