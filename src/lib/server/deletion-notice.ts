/**
 * Whether the shell shows the deletion-pending banner: the signed-in member asked for their
 * account to be deleted and may still withdraw. Asked for members' page views only (not
 * visitors, not the API proxy, not /settings/account, which shows the request itself); a
 * failed read shows no banner.
 */
import { data } from '../api/client';
import { readToken, type CookieJar } from '../session/cookies';
import { outcome, serverClient, type ServerCallOptions } from './api-client';

/** The page with the request and its Withdraw button. */
export const ACCOUNT_SETTINGS_PATH = '/settings/account';

/** The date (ISO) the member's pending deletion will be done by, or null. */
export async function loadDeletionDue(cookies: CookieJar, url: URL, method: string, options: Omit<ServerCallOptions, 'token'> = {}): Promise<string | null> {
  const token = readToken(cookies);
  if (!token || method !== 'GET' || url.pathname.startsWith('/api/') || url.pathname === ACCOUNT_SETTINGS_PATH) return null;
  const result = await outcome(data(serverClient({ token, ...options }).auth['profile-delete'].$get()));
  return result.ok && result.data.request?.status === 'pending' ? result.data.request.dueAt : null;
}
