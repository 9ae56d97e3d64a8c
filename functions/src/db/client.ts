import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

/** The database handle every domain module takes as its first dependency. */
export type Db = DrizzleD1Database<typeof schema>;

/** Opens drizzle on the worker's D1 binding. Cheap: call it once per request. */
export function db(env: { DB: D1Database }): Db {
  return drizzle(env.DB, { schema });
}
