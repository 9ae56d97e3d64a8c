/**
 * Pure rules of the live connection (docs/product.md#live-connection): who it is for, which thread it
 * watches, and what to do when the page says something else than the open socket.
 */

/** What the page wants the socket to be: the signed-in member and the selected thread. */
export interface LiveTarget {
  userId: string | null;
  connectionId: string | null;
}

/** The step that takes the open socket (or none) to the wanted one. */
export type LiveStep =
  | { kind: 'keep' }
  | { kind: 'open'; target: LiveTarget & { userId: string } }
  | { kind: 'reopen'; target: LiveTarget & { userId: string } }
  | { kind: 'close' }
  | { kind: 'thread'; connectionId: string | null };

/** The page parameter that selects a conversation; its value is the live `connectionId`. */
export const THREAD_PARAM = 'personalInbox';

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The target of a page: the user id it was rendered for and `?personalInbox=` of its address. */
export function liveTargetFrom(userId: string | null | undefined, search: string): LiveTarget {
  return { userId: clean(userId), connectionId: clean(new URLSearchParams(search).get(THREAD_PARAM)) };
}

/**
 * The step from `open` (the socket's target, null when none is open) to `wanted`: a socket
 * opens only for a member, closes when nobody is signed in, is opened anew for another
 * member, and only hears of a new thread (the `thread` event) when the member stays.
 */
export function planLive(open: LiveTarget | null, wanted: LiveTarget): LiveStep {
  const { userId } = wanted;
  if (!userId) return open ? { kind: 'close' } : { kind: 'keep' };
  if (!open) return { kind: 'open', target: { ...wanted, userId } };
  if (open.userId !== userId) return { kind: 'reopen', target: { ...wanted, userId } };
  if (open.connectionId !== wanted.connectionId) return { kind: 'thread', connectionId: wanted.connectionId };
  return { kind: 'keep' };
}

/** The socket.io query of a target: `userId`, and `connectionId` only when a thread is selected. */
export function liveQuery(target: LiveTarget & { userId: string }): Record<string, string> {
  return target.connectionId ? { userId: target.userId, connectionId: target.connectionId } : { userId: target.userId };
}
