/**
 * Busy keys: the things (a post, a member, a notification) with a change on its way. A
 * store holds one change per key at a time, so a second click waits for the first instead
 * of racing it. Kept in the state's `busy` record where the screen shows it (buttons
 * wait), or in a private set where it does not.
 */

/** A state that shows which keys are busy. */
export interface BusyState {
  busy: Record<string, true>;
}

interface BusyKeys {
  /** Whether a change of `key` is on its way. */
  has(key: string): boolean;
  /** Runs `task` with `key` busy and frees the key however the task ends. */
  during<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** The state with `key` marked busy or free. */
export function withBusy<S extends BusyState>(state: S, key: string, busy: boolean): S {
  const keys = { ...state.busy };
  if (busy) keys[key] = true;
  else delete keys[key];
  return { ...state, busy: keys };
}

function busyKeys(has: (key: string) => boolean, mark: (key: string, busy: boolean) => void): BusyKeys {
  return {
    has,
    async during(key, task) {
      mark(key, true);
      try {
        return await task();
      } finally {
        mark(key, false);
      }
    },
  };
}

/** Busy keys kept in a store's state, through the store's own `get` and `set`. */
export function busyIn<S extends BusyState>(get: () => S, set: (state: S) => void): BusyKeys {
  return busyKeys(
    (key) => get().busy[key] === true,
    (key, busy) => set(withBusy(get(), key, busy)),
  );
}

/** Busy keys kept out of the state, for changes no screen marks as busy. */
export function busySet(): BusyKeys {
  const keys = new Set<string>();
  return busyKeys(
    (key) => keys.has(key),
    (key, busy) => void (busy ? keys.add(key) : keys.delete(key)),
  );
}
