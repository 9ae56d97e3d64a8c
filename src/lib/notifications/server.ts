/** Server-side read of the notifications page: the first page of notifications. */
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import { readNotifications } from './reads';
import type { InitialNotifications } from './state';

/** The first page of the member's notifications, or why it could not be read. */
export async function initialNotifications(options: ServerCallOptions): Promise<InitialNotifications> {
  const result = await outcome(readNotifications(serverClient(options), 1));
  return result.ok ? { page: result.data, error: null } : { page: null, error: result.error.message };
}
