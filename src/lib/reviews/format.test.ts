import { describe, expect, it } from 'vitest';
import { averageText, ratingLabel, ratingWord, reviewCountText } from './format';

describe('rating texts', () => {
  it('show an average with one decimal at most', () => {
    expect(averageText(4.46)).toBe('4.5');
    expect(averageText(4)).toBe('4');
    expect(ratingLabel(3.67)).toBe('Rated 3.7 out of 5');
  });

  it('count reviews in words and name each rating', () => {
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(3)).toBe('3 reviews');
    expect([1, 2, 3, 4, 5].map(ratingWord)).toEqual(['Poor', 'Fair', 'Good', 'Very good', 'Excellent']);
  });
});
