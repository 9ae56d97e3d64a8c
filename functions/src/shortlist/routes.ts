/**
 * The shortlist routes, mounted at /matching beside the introductions: the member's weekly
 * shortlist (with their open check-ins) and the answer to "Did you meet? How did it go?".
 */
import { limitPerMember } from '../http/rate-limit-guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { RATE_LIMITS } from '../rate-limit/policies';
import { MEMBERS, routesFor } from '../session/guards';
import { answerCheckin, CHECKIN_MESSAGES } from './checkins';
import { CheckinAnswerSchema, CheckinParamSchema, CheckinStoredSchema, ShortlistSchema } from './schemas';
import { shortlistOf } from './service';

const route = routesFor(MEMBERS);
const tags = ['Introductions'];

export const shortlistRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/shortlist',
      tags,
      summary: 'Your weekly shortlist',
      description:
        'The members of your latest weekly shortlist you have not answered yet (new members who fit you both ways and were active lately), when the next goes out, and your matches asked "Did you meet?".',
      responses: { 200: jsonResponse(ShortlistSchema, 'The shortlist.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await shortlistOf(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/checkins/{matchId}',
      tags,
      summary: 'Say whether you met a match and how it went',
      description: 'Answers the question asked a week after a match; it may be changed. The answers about a member’s matches weigh in the shortlists they appear in.',
      middleware: [limitPerMember('matchAnswersByMember', 'answers')] as const,
      request: { params: CheckinParamSchema, ...jsonBody(CheckinAnswerSchema) },
      responses: {
        200: jsonResponse(CheckinStoredSchema, 'The answer as kept.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 429], {
          400: CHECKIN_MESSAGES.outcomeNeeded,
          404: CHECKIN_MESSAGES.notFound,
          429: `At most ${RATE_LIMITS.matchAnswersByMember.limit} answers an hour. \`Retry-After\` says when to try again.`,
        }),
      },
    }),
    async (c) => c.json(await answerCheckin(c.get('deps'), c.get('account').user.id, c.req.valid('param').matchId, c.req.valid('json')), 200),
  );
