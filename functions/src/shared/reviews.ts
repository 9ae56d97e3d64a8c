/** Session reviews' limits, shared by the API's checks and the review forms (docs/product.md "Office hours"). */
/** How long after its end a session can be reviewed, and asked about (the sessions screen offers it as long). */
export const REVIEW_WINDOW_DAYS = 30;

export const REVIEW_LIMITS = { text: 1000, answer: 1000, pageMax: 50, pageDefault: 10 } as const;

/** The words of the five ratings, from 1 to 5. */
export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;
