/**
 * Everything the domain code needs from the outside world, handed in as one value so
 * services stay plain functions that tests can call without HTTP.
 */
import type { PasswordHasher } from './auth/password';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { LiveEmitter } from './live/port';
import type { Limiter } from './rate-limit/limiter';

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
