/**
 * The review routes, mounted at /office-hours beside office-hours/routes.ts: a session's review
 * state, the guest's review, the host's answer, and a host's reviews (visitors too, when they
 * may see the host's profile). Handlers only translate HTTP to service.ts.
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { BookingParam, HostParam } from '../office-hours/schemas';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor, VIEWERS } from '../session/guards';
import { REVIEW_MESSAGES as M, REVIEW_WINDOW_DAYS } from './messages';
import { ReviewAnswerInputSchema, ReviewInputSchema, ReviewPageQuerySchema, ReviewPageSchema, ReviewParam, ReviewSchema, SessionReviewStateSchema } from './schemas';
import { answerReview, reviewsOf, sessionReviewState, writeReview } from './service';

const memberRoute = routesFor(MEMBERS);
const viewerRoute = routesFor(VIEWERS);
const tags = ['Office hours'];
const flood = `At most ${RATE_LIMITS.reviewsByMember.limit} reviews and answers an hour. \`Retry-After\` says when to try again.`;

export const reviewRoutes = newRouter()
  .openapi(
    memberRoute({
      method: 'get',
      path: '/sessions/{id}/review',
      tags,
      summary: 'A session’s review',
      description: 'For either side of the session: the session, its review once written, and whether you may review it now (and why not).',
      request: { params: BookingParam },
      responses: { 200: jsonResponse(SessionReviewStateSchema, 'The session and its review.'), ...errorResponses([400, 401, 404], { 404: M.sessionNotFound }) },
    }),
    async (c) => c.json(await sessionReviewState(c.get('deps'), c.get('account').user.id, c.req.valid('param').id), 200),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/sessions/{id}/review',
      tags,
      summary: 'Review a session',
      description: `The guest of a confirmed session, once it has ended and for ${REVIEW_WINDOW_DAYS} days after: a rating from 1 to 5 and a few words, once. The host is told.`,
      middleware: [limitPerMember('reviewsByMember', 'reviews')] as const,
      request: { params: BookingParam, ...jsonBody(ReviewInputSchema) },
      responses: {
        201: jsonResponse(ReviewSchema, 'The review.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409, 429], {
          403: M.notGuest,
          404: M.sessionNotFound,
          409: `${M.notEnded} / ${M.notHeld} / ${M.tooOld} / ${M.alreadyReviewed}`,
          429: flood,
        }),
      },
    }),
    async (c) => c.json(await writeReview(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .openapi(
    memberRoute({
      method: 'post',
      path: '/reviews/{id}/answer',
      tags,
      summary: 'Answer a review',
      description: 'The host of the reviewed session answers it once; the answer shows under the review.',
      middleware: [limitPerMember('reviewsByMember', 'reviews')] as const,
      request: { params: ReviewParam, ...jsonBody(ReviewAnswerInputSchema) },
      responses: {
        200: jsonResponse(ReviewSchema, 'The review with your answer.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409, 429], { 403: M.notHost, 404: M.reviewNotFound, 409: M.alreadyAnswered, 429: flood }),
      },
    }),
    async (c) => c.json(await answerReview(c.get('deps'), c.get('account').user.id, c.req.valid('param').id, c.req.valid('json').text), 200),
  )
  .openapi(
    viewerRoute({
      method: 'get',
      path: '/{userId}/reviews',
      tags,
      summary: 'A member’s reviews',
      description:
        'Reviews of the sessions a member hosted, newest first, with their count and average; hidden reviews are left out of all three. Anyone who may see the member’s profile may read them.',
      request: { params: HostParam, query: ReviewPageQuerySchema },
      responses: { 200: jsonResponse(ReviewPageSchema, 'One page of reviews.'), ...errorResponses([400, 404], { 404: M.hostNotFound }) },
    }),
    async (c) => c.json(await reviewsOf(c.get('deps'), c.get('viewer')?.user.id ?? null, c.req.valid('param').userId, c.req.valid('query')), 200),
  );
