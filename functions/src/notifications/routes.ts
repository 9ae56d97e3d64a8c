/**
 * The notification routes of docs/product.md#notifications, mounted at /notifications (beside
 * notify-tagged-users, which the feed owns). Every route is the signed-in member's own.
 */
import { errorResponses, jsonResponse } from '../openapi/responses';
import { MEMBERS, routesFor } from '../session/guards';
import { newRouter } from '../http/context';
import { UnseenCountSchema } from './schemas';
import { unseenNotificationCount } from './unseen';
import { NOTIFICATION_MESSAGES as M } from '../shared/notification-messages';
import { NotificationListQuerySchema, NotificationPageSchema, NotificationSchema, SeenAllSchema, SeenQuerySchema } from './schemas';
import { listNotifications, markAllSeen, markSeen } from './service';

const route = routesFor(MEMBERS);

const notificationsDoc = { tags: ['Notifications'] };

export const notificationRoutes = newRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      ...notificationsDoc,
      summary: 'Your notifications, newest first',
      description: 'Each with its sender and their display profile (null for account notices). Notifications from members blocked either way are left out.',
      request: { query: NotificationListQuerySchema },
      responses: { 200: jsonResponse(NotificationPageSchema, 'One page.'), ...errorResponses([400, 401]) },
    }),
    async (c) => c.json(await listNotifications(c.get('deps'), c.get('account').user.id, c.req.valid('query')), 200),
  )
  .openapi(
    route({
      method: 'patch',
      path: '/seen',
      ...notificationsDoc,
      summary: 'Mark one notification seen',
      description: 'Seen already: no change. Your other tabs and devices get the live `counts` event with `unseenNotifications`.',
      request: { query: SeenQuerySchema },
      responses: { 200: jsonResponse(NotificationSchema, 'The notification, seen.'), ...errorResponses([400, 401, 404], { 404: M.notFound }) },
    }),
    async (c) => c.json(await markSeen(c.get('deps'), c.get('account').user.id, c.req.valid('query').id), 200),
  )
  .openapi(
    route({
      method: 'patch',
      path: '/seen-all',
      ...notificationsDoc,
      summary: 'Mark all your notifications seen',
      description: 'Your other tabs and devices get the live `counts` event with `unseenNotifications`.',
      responses: { 200: jsonResponse(SeenAllSchema, 'How many changed.'), ...errorResponses([401]) },
    }),
    async (c) => c.json(await markAllSeen(c.get('deps'), c.get('account').user.id), 200),
  )
  .openapi(
    route({
      method: 'get',
      path: '/unseen-count',
      ...notificationsDoc,
      summary: 'How many notifications you have not seen',
      description: 'For the header badge; notifications from members blocked either way are not counted.',
      responses: { 200: jsonResponse(UnseenCountSchema, 'The count.'), ...errorResponses([401]) },
    }),
    async (c) => c.json({ count: await unseenNotificationCount(c.get('deps'), c.get('account').user.id) }, 200),
  );
