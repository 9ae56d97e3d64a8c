/**
 * The inbox's reads, for the page on the server and the store alike: a page of the thread
 * list, and one thread's newest messages (or those before a message). Reading a thread
 * marks its messages read.
 */
import { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from '@api/shared/inbox-limits';
import { data, type ApiClient } from '../api/client';
import type { ThreadFilter } from './types';

/** GET /connections: a page of threads (from 1) under a filter. */
export function readThreads(api: ApiClient, page: number, filter: ThreadFilter) {
  return data(api.connections.$get({ query: { limit: String(THREAD_PAGE_SIZE), page: String(page), msgStatus: filter } }));
}

/** GET /connections/{id}: the newest messages, or those before `before`. */
export function readThread(api: ApiClient, threadId: string, { before, limit = MESSAGE_PAGE_SIZE }: { before?: string | null; limit?: number } = {}) {
  const query: { limit: string; before?: string } = { limit: String(limit) };
  if (before) query.before = before;
  return data(api.connections[':id'].$get({ param: { id: encodeURIComponent(threadId) }, query }));
}
