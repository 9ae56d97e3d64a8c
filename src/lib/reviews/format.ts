/** How ratings read: "4.5 out of 5", "3 reviews", and the word of a rating. */
import { RATING_WORDS } from '@api/shared/reviews';

/** `4.5` (one decimal, no trailing zero: `4`). */
export function averageText(average: number): string {
  return (Math.round(average * 10) / 10).toLocaleString('en', { maximumFractionDigits: 1 });
}

/** `1 review`, `3 reviews`. */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** What a screen reader hears for stars: `Rated 4.5 out of 5`. */
export function ratingLabel(rating: number): string {
  return `Rated ${averageText(rating)} out of 5`;
}

/** `Excellent` for 5, … `Poor` for 1. */
export function ratingWord(rating: number): string {
  return RATING_WORDS[Math.min(5, Math.max(1, Math.round(rating))) - 1]!;
}
