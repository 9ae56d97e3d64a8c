/** The admin area's routes (administrators only): member counts and the list of reports. Mounted at /admin. */
import { z } from '@hono/zod-openapi';
import { ADMINS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { AdminReportPageSchema, AdminReportQuerySchema } from '../reports/schemas';
import { listReports } from '../reports/service';
import { memberStats } from './stats';

const route = routesFor(ADMINS);

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
    route({
      method: 'get',
      path: '/stats',
      tags: ['Admin'],
      summary: 'Member counts',
      responses: {
        200: jsonResponse(MemberStatsSchema, 'The counts.'),
        ...errorResponses([401, 403], { 403: 'Only administrators can do this.' }),
      },
    }),
    async (c) => c.json(await memberStats(c.get('deps').db), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/reports',
      tags: ['Admin'],
      summary: 'Reports, one by one',
      description:
        "Newest first, in one status (open by default), with the reporter and the target (a post's author). Reports are acted on in the moderation queue (`/admin/moderation`), which closes every report of a thing together.",
      request: { query: AdminReportQuerySchema },
      responses: {
        200: jsonResponse(AdminReportPageSchema, 'One page.'),
        ...errorResponses([400, 401, 403], { 403: 'Only administrators can do this.' }),
      },
    }),
    async (c) => c.json(await listReports(c.get('deps'), c.req.valid('query')), 200),
  );
