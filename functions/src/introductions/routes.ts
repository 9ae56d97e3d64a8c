/**
 * The introductions routes, mounted at /matching: answer a candidate, undo it, the weekly
 * invitations, who is interested in you, and an introduction. Handlers only translate HTTP
 * to the domain functions (service.ts, interest-queue.ts, introduction.ts).
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { MATCH_MESSAGES as M } from '../shared/match-messages';
import {
  CandidateParamSchema,
  IntentAnswerSchema,
  IntentBodySchema,
  InterestAllowanceSchema,
  InterestedInYouSchema,
  InterestQueueQuerySchema,
  IntroductionParamSchema,
  IntroductionSchema,
} from './schemas';
import { allowanceOf, answerCandidate, undoAnswer } from './service';
import { interestedInYou } from './interest-queue';
import { introductionFor, matchOf } from './introduction';

const route = routesFor(MEMBERS);
const tags = ['Introductions'];
const flood = `At most ${RATE_LIMITS.matchAnswersByMember.limit} answers and undos an hour. \`Retry-After\` says when to try again.`;

export const introductionRoutes = newRouter()
  .openapi(
    route({
      method: 'post',
      path: '/intents',
      tags,
      summary: 'Answer a candidate: Interested or Not now',
      description:
        '`interested` counts against your weekly invitations (free and Premium members have different limits; the insert itself checks the limit, so concurrent answers never pass it). When the candidate is interested in you too, it is a match: you are connected, both of you are told (live, by push and by mail) and the answer carries the introduction. `not_now` hides the candidate from your suggestions for `NOT_NOW_DAYS`. Either can be undone for `INTEREST_UNDO_MINUTES`.',
      middleware: [limitPerMember('matchAnswersByMember', 'answers')] as const,
      request: jsonBody(IntentBodySchema),
      responses: {
        201: jsonResponse(IntentAnswerSchema, 'The answer stored, your invitations, and the introduction when it made a match.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 409, 429], {
          404: M.memberNotFound,
          409: `The week’s invitations are used (the message says when they renew) / ${M.alreadyInterested} / ${M.alreadyMatched} / ${M.connected}`,
          429: flood,
        }),
      },
    }),
    async (c) => {
      // Server-Timing `stored`: when the answer's batch returned (epoch ms), for bench:introductions.
      const answer = await answerCandidate(c.get('deps'), c.get('account'), c.req.valid('json'), {
        stored: (at) => c.header('Server-Timing', `stored;desc="${at.getTime()}"`),
      });
      return c.json(answer, 201);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/intents/{candidateId}',
      tags,
      summary: 'Undo an answer',
      description: 'Takes back your answer on a candidate within `INTEREST_UNDO_MINUTES` (an "Interested" gives its invitation back), unless it made a match.',
      middleware: [limitPerMember('matchAnswersByMember', 'answers')] as const,
      request: { params: CandidateParamSchema },
      responses: {
        200: jsonResponse(InterestAllowanceSchema, 'Your invitations now.'),
        ...errorResponses([400, 401, 404, 409, 429], { 404: M.nothingToUndo, 409: `Too late to undo / ${M.matchedNoUndo}`, 429: flood }),
      },
    }),
    async (c) => c.json(await undoAnswer(c.get('deps'), c.get('account'), c.req.valid('param').candidateId), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/allowance',
      tags,
      summary: 'Your invitations this week',
      description: 'New "Interested" you may still give this week, and when they renew (Monday 00:00 UTC).',
      responses: { 200: jsonResponse(InterestAllowanceSchema, 'Your invitations.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await allowanceOf(c.get('deps'), c.get('account')), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/interested-in-you',
      tags,
      summary: 'Who is interested in you',
      description:
        'Members who said Interested in you and whom you have not answered, newest first. Premium members see who they are, with the score and reasons; free members see how many (docs/decisions.md).',
      request: { query: InterestQueueQuerySchema },
      responses: { 200: jsonResponse(InterestedInYouSchema, 'The queue.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await interestedInYou(c.get('deps'), c.get('account'), c.req.valid('query').limit), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/introductions/{id}',
      tags,
      summary: 'An introduction',
      description: 'A match of yours as you see it: the other member, why you fit, both sides’ key facts, your shared thread and a first message to send.',
      request: { params: IntroductionParamSchema },
      responses: { 200: jsonResponse(IntroductionSchema, 'The introduction.'), ...errorResponses([400, 401, 404], { 404: M.introductionNotFound }) },
    }),
    async (c) => {
      const viewerId = c.get('account').user.id;
      return c.json(await introductionFor(c.get('deps'), await matchOf(c.get('deps'), c.req.valid('param').id, viewerId), viewerId), 200);
    },
  );
