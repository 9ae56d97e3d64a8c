/**
 * Client storage rules of docs/product.md#sessions: on sign-out or any auth failure, session storage and
 * local storage are emptied and only the feed posts survive.
 */

/** The one key kept across sign-out: the cached feed posts. */
export const FEED_POSTS_KEY = 'feed-posts';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'clear'>;

function safeStorage(get: () => StorageLike | undefined): StorageLike | undefined {
  try {
    return get();
  } catch {
    // Storage can throw (disabled cookies, sandboxed frames): then there is nothing to clear.
    return undefined;
  }
}

/** Empties one storage area, putting the feed posts back if they were there. */
function clearKeepingFeed(storage: StorageLike | undefined): void {
  if (!storage) return;
  try {
    const feed = storage.getItem(FEED_POSTS_KEY);
    storage.clear();
    if (feed !== null) storage.setItem(FEED_POSTS_KEY, feed);
  } catch {
    // A failing storage must not stop the sign-out that called us.
  }
}

/**
 * Empties sessionStorage and localStorage except `FEED_POSTS_KEY`.
 * The storages can be injected (tests); by default the browser's own are used.
 */
export function clearClientStorage(
  storages: { local?: StorageLike; session?: StorageLike } = {
    local: safeStorage(() => globalThis.localStorage),
    session: safeStorage(() => globalThis.sessionStorage),
  },
): void {
  clearKeepingFeed(storages.session);
  clearKeepingFeed(storages.local);
}
