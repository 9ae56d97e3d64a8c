/**
 * What a store answers to the live connection: a handler for each event it follows and what
 * it fetches after connecting. Stores export one of these; src/lib/live/wiring.ts is the one
 * place that subscribes them, so importing a store never binds anything by itself.
 */
import type { LiveHandler } from './client';

export interface LiveHandlers {
  notification?: LiveHandler<'notification'>;
  thread?: LiveHandler<'thread'>;
  read?: LiveHandler<'read'>;
  counts?: LiveHandler<'counts'>;
  billing?: LiveHandler<'billing'>;
  /** An office-hours session changed (functions/src/office-hours/live-events.ts). */
  session?: LiveHandler<'session'>;
  match?: LiveHandler<'match'>;
  /** After the page session's first connect: what happened between the server render and the socket reached nobody. */
  firstConnect?: () => void;
  /** After each reconnect: what was missed while the socket was down. */
  reconnect?: () => void;
}
