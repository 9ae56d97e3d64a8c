/**
 * The signed-in home's data, mounted at /dashboard: GET /dashboard answers every card at once
 * (docs/product.md#the-dashboard). Read only. Handlers only translate HTTP.
 */
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { errorResponses, jsonResponse } from '../openapi/responses';
import { FREE_VIEWERS } from '../premium/entitlements';
import { dashboardOf } from './dashboard';
import { DashboardSchema } from './schemas';
import { CARD_ROWS, RECENT_POSTS_DAYS } from './statements';

const route = routesFor(MEMBERS);

export const dashboardRoutes = newRouter().openapi(
  route({
    method: 'get',
    path: '/',
    tags: ['Dashboard'],
    summary: 'Your dashboard',
    description: `What waits for you, each card with its count and the first ${CARD_ROWS} rows: connection requests received, threads with unread messages, upcoming office-hours sessions, who viewed your profile (free members see the ${FREE_VIEWERS} most recent, the rest counted in \`locked\`), profile completeness with the one next step, and your connections' posts of the last ${RECENT_POSTS_DAYS} days. Members blocked either way, leaving or suspended are left out.`,
    responses: { 200: jsonResponse(DashboardSchema, 'The cards.'), ...errorResponses([401]) },
  }),
  async (c) => c.json(await dashboardOf(c.get('deps'), c.get('account')), 200),
);
