/** The review forms' calls: the guest's review of a session, the host's answer. Errors are thrown as AppError for the form to show. */
import type { Review } from '@api/reviews/schemas';
import { api, data } from '../api/client';

/** POST /office-hours/sessions/{id}/review. */
export function sendReview(sessionId: string, rating: number, text: string): Promise<Review> {
  return data(api['office-hours'].sessions[':id'].review.$post({ param: { id: sessionId }, json: { rating, text: text.trim() } }));
}

/** POST /office-hours/reviews/{id}/answer. */
export function sendAnswer(reviewId: string, text: string): Promise<Review> {
  return data(api['office-hours'].reviews[':id'].answer.$post({ param: { id: reviewId }, json: { text: text.trim() } }));
}
