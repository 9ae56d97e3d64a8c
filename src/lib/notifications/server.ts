/**
 * Server-side reads for the header and the notifications page: the two unread figures
 * (notifications and messages, asked once per request so the header shows them without
 * a flash) and the first page of notifications.
 */
import { callApi, type ApiCallOptions } from '../server/api';
import { NOTIFICATIONS_PAGE_SIZE, type InitialNotifications } from './state';
import type { NotificationPage } from './types';

type CallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

/** The header's unread figures; 0 when the API cannot tell. */
export interface UnseenCounts {
  notifications: number;
  messages: number;
}

const countsByRequest = new WeakMap<Request, Promise<UnseenCounts>>();

async function countOf(path: string, options: CallOptions): Promise<number> {
  const result = await callApi<{ count: number }>(path, options);
  return result.ok && typeof result.data?.count === 'number' ? result.data.count : 0;
}

/** GET notifications/unseen-count and connections/messages/unseen-count for the member of `request`, once per request. */
export function unseenCountsFor(request: Request, options: CallOptions): Promise<UnseenCounts> {
  let counts = countsByRequest.get(request);
  if (!counts) {
    counts = options.token
      ? Promise.all([countOf('notifications/unseen-count', options), countOf('connections/messages/unseen-count', options)]).then(
          ([notifications, messages]) => ({ notifications, messages }),
        )
      : Promise.resolve({ notifications: 0, messages: 0 });
    countsByRequest.set(request, counts);
  }
  return counts;
}

/** The first page of the member's notifications, or why it could not be read. */
export async function initialNotifications(options: CallOptions): Promise<InitialNotifications> {
  const result = await callApi<NotificationPage>('notifications', { ...options, search: `page=1&limit=${NOTIFICATIONS_PAGE_SIZE}` });
  return result.ok ? { page: result.data, error: null } : { page: null, error: result.error.message };
}
