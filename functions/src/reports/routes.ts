/** POST /reports: a member reports a member or a post. Mounted at /reports. */
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { ReportBodySchema, ReportReceiptSchema } from './schemas';
import { fileReport, REPORT_MESSAGES } from './service';
import { limitPerMember } from '../http/rate-limit-guards';
import { RATE_LIMITS } from '../rate-limit/policies';

const route = routesFor(MEMBERS);

export const reportRoutes = newRouter().openapi(
  route({
    method: 'post',
    path: '/',
    tags: ['Reports'],
    summary: 'Report a member, a post, a comment, a message or a review',
    description: 'Stores the report for the admin area. One open report per reporter and target: a repeat answers 200 with the open one.',
    middleware: [limitPerMember('reportsByMember', 'reports')] as const,
    request: jsonBody(ReportBodySchema),
    responses: {
      201: jsonResponse(ReportReceiptSchema, 'Reported.'),
      200: jsonResponse(ReportReceiptSchema, 'You had already reported it; the open report.'),
      ...errorResponses([...JSON_BODY_ERRORS, 401, 404, 429], {
        429: `At most ${RATE_LIMITS.reportsByMember.limit} reports an hour. \`Retry-After\` says when to try again.`,
        400: 'Invalid input, or yourself / your own post, comment, message or review (field `targetId`).',
        404: `${REPORT_MESSAGES.memberNotFound} / ${REPORT_MESSAGES.postNotFound} / ${REPORT_MESSAGES.commentNotFound} / ${REPORT_MESSAGES.messageNotFound} / ${REPORT_MESSAGES.reviewNotFound}`,
      }),
    },
  }),
  async (c) => {
    const { created, receipt } = await fileReport(c.get('deps'), c.get('account').user.id, c.req.valid('json'));
    return created ? c.json(receipt, 201) : c.json(receipt, 200);
  },
);
