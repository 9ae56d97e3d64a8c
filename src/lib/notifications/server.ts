/** Server-side read of the notifications page: the first page of notifications. */
import { callApi, type ApiCallOptions } from '../server/api';
import { NOTIFICATIONS_PAGE_SIZE, type InitialNotifications } from './state';
import type { NotificationPage } from './types';

type CallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

/** The first page of the member's notifications, or why it could not be read. */
export async function initialNotifications(options: CallOptions): Promise<InitialNotifications> {
  const result = await callApi<NotificationPage>('notifications', { ...options, search: `page=1&limit=${NOTIFICATIONS_PAGE_SIZE}` });
  return result.ok ? { page: result.data, error: null } : { page: null, error: result.error.message };
}
