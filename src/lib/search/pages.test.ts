import { describe, expect, test } from 'vitest';
import { clampPage, pageItems } from './pages';

describe('pageItems', () => {
  test('lists nothing for a single page and every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  test('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  test('shows a lone left-out page instead of a gap', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
  });

  test('treats a page past the end as the last page', () => {
    expect(pageItems(50, 5)).toEqual([1, 'gap', 4, 5]);
  });
});

describe('clampPage', () => {
  test('keeps a page within 1 and the number of pages', () => {
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});
