/**
 * Server-side reads of reviews through the API binding: a member's reviews for their profile
 * page, and a session's review state for the review page. Each answers a small union the page
 * switches on.
 */
import type { ReviewPage } from '@api/reviews/schemas';
import { data } from '../api/client';
import type { AppError } from '../errors';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';

export type ReviewsLoad = { status: 'found'; page: ReviewPage } | { status: 'error'; error: AppError };

/** The page of reviews the profile asks for from `?reviews=` (1 when missing or not a page number). */
export function reviewPageOf(url: URL): number {
  const page = Number(url.searchParams.get('reviews'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** GET /office-hours/{userId}/reviews: one page of a member's reviews with their count and average. */
export async function loadReviews(userId: string, page: number, options: ServerCallOptions): Promise<ReviewsLoad> {
  const result = await outcome(data(serverClient(options)['office-hours'][':userId'].reviews.$get({ param: { userId }, query: { page: String(page), limit: '10' } })));
  return result.ok ? { status: 'found', page: result.data } : { status: 'error', error: result.error };
}

/** GET /office-hours/sessions/{id}/review, for either side of the session. */
export async function loadSessionReview(sessionId: string, options: ServerCallOptions) {
  const result = await outcome(data(serverClient(options)['office-hours'].sessions[':id'].review.$get({ param: { id: sessionId } })));
  if (result.ok) return { status: 'found' as const, state: result.data };
  return result.error.status === 404 || result.error.status === 400 ? { status: 'not-found' as const } : { status: 'error' as const, error: result.error };
}
