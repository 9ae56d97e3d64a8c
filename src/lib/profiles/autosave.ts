/**
 * Debounced saving of the onboarding draft: a change waits `delay` ms for the next one,
 * then the latest value is saved. Saves never overlap (a change made while one is on its
 * way is saved right after it), a failed save is tried again later unless a newer value
 * came, and the status tells the screen what to say ("Saving…", "Saved", "Not saved").
 * Framework-free, with injectable timers, so it is tested in Node.
 */

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface AutosaverOptions<T> {
  save(value: T): Promise<void>;
  onStatus(status: SaveStatus): void;
  /** Quiet time after the last change before saving. */
  delay?: number;
  /** Wait before trying a failed save again. */
  retryDelay?: number;
  timers?: Timers;
}

export interface Autosaver<T> {
  /** A new value to save once the member pauses. */
  schedule(value: T): void;
  /** Saves the waiting value now (if any); resolves when nothing is on its way. */
  flush(): Promise<void>;
  /** Drops the waiting value and stops for good (the form was submitted). */
  stop(): void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A saver for values of type T; see the module comment for its rules. */
export function createAutosaver<T>({ save, onStatus, delay = 800, retryDelay = 10_000, timers = realTimers }: AutosaverOptions<T>): Autosaver<T> {
  let waiting: { value: T } | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const clearTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const later = (ms: number) => {
    clearTimer();
    timer = timers.set(() => void flush(), ms);
  };

  async function drain(): Promise<void> {
    while (waiting && !stopped) {
      const { value } = waiting;
      waiting = null;
      onStatus('saving');
      try {
        await save(value);
        if (!waiting && !stopped) onStatus('saved');
      } catch {
        if (stopped) return;
        if (!waiting) {
          // Keep it for the retry; a newer change would replace it anyway.
          waiting = { value };
          onStatus('error');
          later(retryDelay);
          return;
        }
      }
    }
  }

  function flush(): Promise<void> {
    clearTimer();
    if (!running) running = drain().finally(() => (running = null));
    return running;
  }

  return {
    schedule(value) {
      if (stopped) return;
      waiting = { value };
      onStatus('pending');
      if (!running) later(delay);
    },
    flush,
    stop() {
      stopped = true;
      waiting = null;
      clearTimer();
    },
  };
}
