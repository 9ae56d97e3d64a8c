/**
 * The inbox's addresses: attachments (under the session proxy) and
 * `/inbox?personalInbox=<id>`, and what an API id looks like.
 */
import { SESSION_BASE } from '../api/client';
import type { Attachment, ThreadFilter } from './types';

/** The page parameter naming the open thread (docs/product.md#messages). */
export const THREAD_PARAM = 'personalInbox';

/** Where the browser reads an attachment: through the session proxy. */
export function attachmentHref(attachment: Pick<Attachment, 'url'>): string {
  return `${SESSION_BASE}${attachment.url.startsWith('/') ? '' : '/'}${attachment.url}`;
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
