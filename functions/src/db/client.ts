import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

/** The database handle every domain module takes as its first dependency. */
export type Db = DrizzleD1Database<typeof schema>;

/**
 * One handle per D1 binding. drizzle() walks the whole schema to build its relational
 * config each time it is called (about 7 ms of CPU per API request when it was called per
 * request, the largest single cost of a public page's API reads); the handle keeps no
 * per-request state (no transactions on D1, batches are one call), so the binding's handle
 * is built once and shared by the requests of the isolate. A wrapped binding (the bench's
 * D1 meter) is another object and gets its own handle.
 */
const handles = new WeakMap<D1Database, Db>();

/** Opens drizzle on the worker's D1 binding (once per binding: call it once per request). */
export function db(env: { DB: D1Database }): Db {
  let handle = handles.get(env.DB);
  if (!handle) {
    handle = drizzle(env.DB, { schema });
    handles.set(env.DB, handle);
  }
  return handle;
}
