/**
 * Server-side reads of /inbox: the first page of threads, the thread of `?personalInbox=`
 * (reading it marks it read, so the unread counts are asked after it, once for the page
 * and its header) and the opening of a
 * thread with a member for `?with=`.
 */
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';
import { unseenCountsFor } from '../server/unseen-counts';
import { isApiId } from './paths';
import { readThread, readThreads } from './reads';
import type { InitialInbox } from './state';
import type { Thread, ThreadFilter } from './types';

/** The list filter of `?filter=` (only `unread` changes it). */
export function filterFromQuery(value: string | null): ThreadFilter {
  return value === 'unread' ? 'unread' : 'all';
}

/** What the inbox island starts from; `status` is the page's HTTP status (404 for a thread one cannot read). */
export async function initialInbox(
  request: Request,
  viewerId: string,
  { filter, threadId }: { filter: ThreadFilter; threadId: string | null },
  options: ServerCallOptions,
): Promise<{ initial: InitialInbox; status: number }> {
  /** The asked thread and the page status it gives (404 when it is not the viewer's to read). */
  const openRead = async (): Promise<{ open: InitialInbox['open']; status: number }> => {
    if (threadId === null) return { open: null, status: 200 };
    if (!isApiId(threadId)) return { open: { id: threadId, data: null, error: 'Conversation not found.' }, status: 404 };
    const answer = await outcome(readThread(serverClient(options), threadId));
    if (answer.ok) return { open: { id: threadId, data: answer.data, error: null }, status: 200 };
    return { open: { id: threadId, data: null, error: answer.error.message }, status: answer.error.status === 404 ? 404 : 200 };
  };
  const [page, [{ open, status }, unseen]] = await Promise.all([
    outcome(readThreads(serverClient(options), 1, filter)),
    // The counts are asked once the thread was read, so they already leave it out; the
    // header's badges use the same answer (one per request).
    openRead().then(async (opened) => [opened, (await unseenCountsFor(request, options)).messages] as const),
  ]);
  const initial: InitialInbox = {
    viewerId,
    filter,
    page: page.ok ? page.data : null,
    error: page.ok ? null : page.error.message,
    open,
    unseen,
  };
  return { initial, status };
}

/** POST /connections/threads { userId }: the thread with that member, or the reason it cannot be opened. */
export async function openThreadWith(userId: string, options: ServerCallOptions): Promise<{ thread: Thread } | { error: string; status: number }> {
  if (!isApiId(userId)) return { error: 'That member could not be found.', status: 404 };
  const answer = await outcome(data(serverClient(options).connections.threads.$post({ json: { userId } })));
  if (answer.ok) return { thread: answer.data };
  return { error: answer.error.message, status: answer.error.status };
}
