/**
 * `$inbox`: the message store (SPEC.md §3: `users` = the thread list, `unseenMessageCount`)
 * with its paging and the open thread. The header's unread badge reads
 * `unseenMessageCount`; `refreshUnseenMessages()` refetches it.
 */
import { atom, type WritableAtom } from 'nanostores';
import { session } from '../api/client';
import type { InboxState } from '../inbox/types';

/** The empty store: nothing loaded yet. */
export function emptyInbox(): InboxState {
  return {
    users: [],
    unseenMessageCount: 0,
    filter: 'all',
    status: 'idle',
    loadingMore: false,
    error: null,
    page: 0,
    hasMore: false,
    total: 0,
    open: null,
  };
}

export const $inbox: WritableAtom<InboxState> = atom(emptyInbox());

/** GET the unread message count into `$inbox`; a failure keeps the figure shown (logged). */
export async function refreshUnseenMessages(): Promise<number> {
  try {
    const answer = await session<{ count: number }>('connections/messages/unseen-count');
    if (answer && typeof answer.count === 'number') $inbox.set({ ...$inbox.get(), unseenMessageCount: answer.count });
  } catch (cause) {
    console.error('inbox: the unread count could not be refreshed', cause);
  }
  return $inbox.get().unseenMessageCount;
}
