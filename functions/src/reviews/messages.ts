/** The words of reviews' answers (docs/product.md "Office hours", reviews). */
export const REVIEW_MESSAGES = {
  sessionNotFound: 'Session not found',
  reviewNotFound: 'Review not found',
  hostNotFound: 'Member not found',
  notGuest: 'Only the member who booked the session can review it',
  notEnded: 'You can review this session once it has ended',
  notHeld: 'Only sessions that took place can be reviewed',
  tooOld: 'This session ended too long ago to review',
  alreadyReviewed: 'You have already reviewed this session',
  notHost: 'Only the host can answer this review',
  alreadyAnswered: 'You have already answered this review',
} as const;

export { REVIEW_LIMITS, REVIEW_WINDOW_DAYS } from '../shared/reviews';
