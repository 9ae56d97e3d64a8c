/**
 * The app's live connection (docs/product.md#live-connection): one socket.io socket per page
 * session, to `/socket.io/` on the app's origin, websocket transport only, for the signed-in
 * member. socket.io-client is imported on demand, so visitors never download it. The module
 * lives across client-router navigations, so the socket does too; another thread selected
 * (`?personalInbox=`) is told to the open socket with the `thread` event.
 * Failures are logged, never thrown. A socket whose session ended (the server's
 * `session.ended`, or a refused handshake) does not retry: the tab checks its session and
 * goes to sign-in when it is over (../session/ended.ts).
 */
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { LiveEventName, LiveEvents } from '@api/live/events';
import type { SessionEndedReason } from '@api/deps';
import { liveQuery, planLive, type LiveTarget } from './plan';
import { sessionWatch } from '../session/watch';

/** Receives one live event's payload. */
export type LiveHandler<E extends LiveEventName> = (payload: LiveEvents[E]) => void;

type IoFactory = (uri: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

/** The events the socket listens to; `satisfies` keeps the list in step with LiveEvents. */
const EVENT_NAMES = Object.keys({
  notification: true,
  thread: true,
  read: true,
  counts: true,
  billing: true,
  session: true,
  match: true,
  'session.ended': true,
} satisfies Record<LiveEventName, true>) as LiveEventName[];

/** Longest wait between reconnection attempts. */
const RECONNECT_DELAY_MAX_MS = 10_000;

interface LiveDeps {
  /** Loads socket.io-client's `io` (a dynamic import in the app). */
  loadIo: () => Promise<IoFactory>;
  origin: () => string;
  log: Pick<Console, 'error' | 'warn'>;
  /** Calls `resume` once the page is shown again (after it was hidden); returns the cancel function. */
  whenShownAgain?: (resume: () => void) => () => void;
  /**
   * Asks whether the tab's session ended (with the server's `hint` of why) and, when it
   * did, leaves the page; answers whether it ended (../session/ended.ts).
   */
  checkSession: (hint: SessionEndedReason | null) => Promise<boolean>;
}

/** Why the server ended the socket on purpose: socket.io-client does not reconnect by itself then. */
const SERVER_DISCONNECT = 'io server disconnect';

/** The page's visibility: `resume` runs when the tab becomes visible again. */
function whenTabShownAgain(resume: () => void): () => void {
  if (typeof document === 'undefined') return () => {};
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    resume();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** A live client over `deps` (the app has one, below; tests make their own). */
export function createLiveClient({ loadIo, origin, log, whenShownAgain = whenTabShownAgain, checkSession }: LiveDeps) {
  const handlers = new Map<LiveEventName, Set<(payload: unknown) => void>>();
  const reconnectHandlers = new Set<() => void>();
  const connectHandlers = new Set<() => void>();
  let socket: Socket | null = null;
  let target: LiveTarget | null = null;
  /** Bumped whenever the socket is dropped: a socket still being created for an older target is not kept. */
  let generation = 0;
  /** Cancels the wait for the tab to be shown again, after the server closed the socket for a newer tab. */
  let cancelResume: () => void = () => {};

  function call(handler: (payload?: unknown) => void, payload?: unknown): void {
    try {
      handler(payload);
    } catch (error) {
      log.error('live: a handler failed', error);
    }
  }

  function dispatch(event: LiveEventName, payload: unknown): void {
    for (const handler of [...(handlers.get(event) ?? [])]) call(handler, payload);
  }

  async function open(next: LiveTarget & { userId: string }): Promise<void> {
    const ticket = ++generation;
    target = next;
    let io: IoFactory;
    try {
      io = await loadIo();
    } catch (error) {
      log.error('live: socket.io-client could not be loaded', error);
      if (ticket === generation) target = null;
      return;
    }
    if (ticket !== generation) return;
    const created = io(origin(), {
      path: '/socket.io/',
      transports: ['websocket'],
      // The thread may have changed while the library loaded.
      query: liveQuery({ userId: next.userId, connectionId: target?.connectionId ?? null }),
      reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    });
    socket = created;
    let connectedBefore = false;
    let warned = false;
    /** Why the server said this socket's session ended, just before it ended the namespace. */
    let endedFor: SessionEndedReason | null = null;
    created.on('connect', () => {
      warned = false;
      for (const handler of [...connectHandlers]) call(handler);
      // A second connect is a reconnect: the stores fetch what they missed meanwhile.
      if (connectedBefore) for (const handler of [...reconnectHandlers]) call(handler);
      connectedBefore = true;
    });
    // A refused handshake may be a session that ended while the socket was down: the tab
    // asks before the next attempt (one second away at least), and leaves when it has.
    created.on('connect_error', (error) => {
      if (!warned) log.warn('live: the connection failed; retrying', error.message);
      warned = true;
      void checkSession(null);
    });
    created.on('session.ended', (payload: { reason?: SessionEndedReason }) => {
      endedFor = payload?.reason ?? 'expired';
    });
    // The server ended the namespace: the session is over, or the member's newer tabs took
    // this one's place (docs/security.md "Floods"). No reconnect loop either way; this one
    // comes back when the member looks at it again, unless the session is over.
    created.on('disconnect', (reason) => {
      if (reason !== SERVER_DISCONNECT) return;
      const resumeWhenShown = () => {
        cancelResume();
        cancelResume = whenShownAgain(() => {
          if (socket === created) created.connect();
        });
      };
      if (endedFor === null) {
        log.warn('live: closed for a newer tab of yours; reconnecting when this tab is shown again');
        return resumeWhenShown();
      }
      log.warn(`live: the session ended (${endedFor})`);
      void checkSession(endedFor).then((ended) => {
        endedFor = null;
        if (!ended) resumeWhenShown();
      });
    });
    for (const event of EVENT_NAMES) created.on(event, (payload: unknown) => dispatch(event, payload));
  }

  function close(): void {
    cancelResume();
    generation += 1;
    target = null;
    const closing = socket;
    socket = null;
    try {
      closing?.disconnect();
    } catch (error) {
      log.error('live: the socket did not close cleanly', error);
    }
  }

  function setThread(connectionId: string | null): void {
    const userId = target?.userId;
    if (!userId) return;
    target = { userId, connectionId };
    if (!socket) return;
    // Reconnects use the new thread in their query; a connected socket is told at once.
    socket.io.opts.query = liveQuery({ userId, connectionId });
    if (socket.connected) socket.emit('thread', { connectionId });
  }

  return {
    /** Brings the socket in line with the page: opens, closes, reopens or changes thread (docs/product.md#live-connection). */
    sync(wanted: LiveTarget): void {
      const step = planLive(target, wanted);
      if (step.kind === 'open') void open(step.target);
      else if (step.kind === 'reopen') {
        close();
        void open(step.target);
      } else if (step.kind === 'close') close();
      else if (step.kind === 'thread') setThread(step.connectionId);
    },
    /** Closes the socket (sign-out, page unload). */
    stop: close,
    /** Selects another thread without a navigation (the inbox's own history changes). */
    setThread,
    /** Calls `handler` with every `event` payload; returns the unsubscribe function. */
    on<E extends LiveEventName>(event: E, handler: LiveHandler<E>): () => void {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      const wrapped = handler as (payload: unknown) => void;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    /** Calls `handler` after each reconnect, when events may have been missed. */
    onReconnect(handler: () => void): () => void {
      reconnectHandlers.add(handler);
      return () => void reconnectHandlers.delete(handler);
    },
    /**
     * Calls `handler` on every connect, the first included: what happened between the
     * server rendering the page and the socket connecting was sent to nobody.
     */
    onConnect(handler: () => void): () => void {
      connectHandlers.add(handler);
      return () => void connectHandlers.delete(handler);
    },
    /** Whether a socket exists (open or connecting) and for which target. */
    state(): { target: LiveTarget | null; connected: boolean } {
      return { target, connected: socket?.connected ?? false };
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;

/** The page's live client: one socket for the page session (src/lib/live/wiring.ts subscribes the stores to it). */
export const liveClient: LiveClient = createLiveClient({
  loadIo: async () => (await import('socket.io-client')).io,
  origin: () => location.origin,
  log: console,
  checkSession: (hint) => sessionWatch.check(hint),
});

/** Brings the page's socket in line with `wanted` (see `planLive`). */
export const syncLive = (wanted: LiveTarget): void => liveClient.sync(wanted);
/** Closes the page's socket. */
export const stopLive = (): void => liveClient.stop();
/** Tells the open socket that `?personalInbox=` changed without a navigation. */
export const setLiveThread = (connectionId: string | null): void => liveClient.setThread(connectionId);
