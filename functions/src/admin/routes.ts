/** The admin area's routes (administrators only): member counts and reports. Mounted at /admin. */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireUser } from '../session/guards';
import { newRouter } from '../http/context';
import { IdParamSchema } from '../members/schemas';
import { errorResponses, JSON_BODY_ERRORS, jsonBody, jsonResponse } from '../openapi/responses';
import { AdminReportPageSchema, AdminReportQuerySchema, AdminReportSchema, ReportStatusBodySchema } from '../reports/schemas';
import { listReports, REPORT_MESSAGES, setReportStatus } from '../reports/service';
import { memberStats } from './stats';

const count = (description: string) => z.number().int().nonnegative().openapi({ description });

const MemberStatsSchema = z
  .object({
    members: count('Every account.'),
    founders: count('Accounts of founders.'),
    advisors: count('Accounts of advisors.'),
    admins: count('Administrators.'),
    verified: count('Accounts with a verified email.'),
    premium: count('Premium members (role.type premium or a premium founder record).'),
  })
  .openapi('MemberStats');

export const adminRoutes = newRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/stats',
      tags: ['Admin'],
      summary: 'Member counts',
      security: [{ bearerAuth: [] }],
      middleware: [requireUser, requireAdmin] as const,
      responses: {
        200: jsonResponse(MemberStatsSchema, 'The counts.'),
        ...errorResponses([401, 403], { 403: 'Only administrators can do this.' }),
      },
    }),
    async (c) => c.json(await memberStats(c.get('deps').db), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports',
      tags: ['Admin'],
      summary: 'Reports of members and posts',
      description: "Newest first, in one status (open by default), with the reporter and the target (a post's author).",
      security: [{ bearerAuth: [] }],
      middleware: [requireUser, requireAdmin] as const,
      request: { query: AdminReportQuerySchema },
      responses: {
        200: jsonResponse(AdminReportPageSchema, 'One page.'),
        ...errorResponses([400, 401, 403], { 403: 'Only administrators can do this.' }),
      },
    }),
    async (c) => c.json(await listReports(c.get('deps'), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/reports/{id}',
      tags: ['Admin'],
      summary: 'Resolve a report, or open it again',
      security: [{ bearerAuth: [] }],
      middleware: [requireUser, requireAdmin] as const,
      request: { params: IdParamSchema, ...jsonBody(ReportStatusBodySchema) },
      responses: {
        200: jsonResponse(AdminReportSchema, 'The report.'),
        ...errorResponses([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
          403: 'Only administrators can do this.',
          404: REPORT_MESSAGES.reportNotFound,
          409: REPORT_MESSAGES.anotherOpen,
        }),
      },
    }),
    async (c) => c.json(await setReportStatus(c.get('deps'), c.req.valid('param').id, c.req.valid('json').status), 200),
  );
