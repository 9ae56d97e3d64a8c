/**
 * The inbox's API paths (under the session proxy) and page addresses: the thread list
 * pages, one thread's messages, attachments, and `/inbox?personalInbox=<id>`.
 */
import { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from '@api/inbox/limits';
import type { Attachment, ThreadFilter } from './types';

export { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE };

/** The page parameter naming the open thread (SPEC.md §2). */
export const THREAD_PARAM = 'personalInbox';

/** GET /connections: a page of threads (from 1) under a filter. */
export function threadsPath(page: number, filter: ThreadFilter, limit: number = THREAD_PAGE_SIZE): string {
  return `connections?limit=${limit}&page=${page}&msgStatus=${filter}`;
}

/** GET /connections/{id}: the newest messages, or those before `before`. */
export function threadPath(threadId: string, { before, limit = MESSAGE_PAGE_SIZE }: { before?: string | null; limit?: number } = {}): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return `connections/${encodeURIComponent(threadId)}?${query}`;
}

/** Where the browser reads an attachment: through the session proxy. */
export function attachmentHref(attachment: Pick<Attachment, 'url'>): string {
  return `/api/session${attachment.url.startsWith('/') ? '' : '/'}${attachment.url}`;
}

/** The inbox address with `threadId` open (or none) and the list's filter (`all` is left out). */
export function inboxAddress(threadId: string | null, filter: ThreadFilter = 'all'): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('filter', filter);
  if (threadId) params.set(THREAD_PARAM, threadId);
  const query = params.toString();
  return query ? `/inbox?${query}` : '/inbox';
}

/** Whether a value looks like an id of the API (24 hex characters: threads, members, messages). */
export function isApiId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}
