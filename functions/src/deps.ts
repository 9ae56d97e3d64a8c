/**
 * Everything the domain code needs from the outside world, handed in as one value so
 * services stay plain functions that tests can call without HTTP.
 *
 * The password and live-event ports are declared here rather than beside their adapters
 * (auth/password.ts, live/emitter.ts): those folders depend on this file, and this file
 * depends on no domain folder.
 */
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Limiter } from './rate-limit/limiter';

/** The password hasher the domain code receives, so tests of rate limits can use a cheap one. */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters than today's: rehash at sign-in. */
  needsRehash(stored: string): boolean;
};

/**
 * Live events to a member's open sockets: `emit(userId, event, payload)` reaches every tab
 * and device of that member. `Events` maps the event names to their payloads; Deps carries
 * the emitter with none, so code that sends narrows it to the events it sends (`Emits`,
 * e.g. inbox/live-events.ts). live/events.ts lists them all for the socket and the app.
 */
export type LiveEmitter<Events extends object = Record<never, never>> = {
  /** Resolves once the member's object has sent it (0 sockets is fine); never throws. */
  emit<E extends keyof Events & string>(userId: string, event: E, payload: Events[E]): Promise<void>;
  /** Closes the member's sockets of the sessions in `scope`, whose sessions just ended; never throws. */
  closeSessions(userId: string, scope: SessionScope): Promise<void>;
};

/** Some of a member's sessions: one of them, or all but one (`allBut: null`: all of them). */
export type SessionScope = { only: string } | { allBut: string | null };

/** The dependency of code that sends these live events. */
export type Emits<Events extends object> = { live: LiveEmitter<Events> };

export type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: Limiter;
  passwords: PasswordHasher;
  config: Config;
  /** Live events to a member's open sockets (functions/src/live). */
  live: LiveEmitter;
};
