/** The notifications list's read, for the page on the server and the store alike. */
import { data, type ApiClient } from '../api/client';
import { NOTIFICATIONS_PAGE_SIZE } from './state';

/** GET /notifications: a page (from 1) of the member's notifications, newest first. */
export function readNotifications(api: ApiClient, page: number) {
  return data(api.notifications.$get({ query: { page: String(page), limit: String(NOTIFICATIONS_PAGE_SIZE) } }));
}
