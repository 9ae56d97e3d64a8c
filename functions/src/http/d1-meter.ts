/**
 * Development only: with `x-bench-d1: 1` on a request to a worker whose ENVIRONMENT is
 * development, the request runs on a metered D1 binding (db/d1-meter.ts) and the answer
 * carries `x-d1-queries`, `x-d1-rows-read`, `x-d1-rows-written` and `x-d1-unmetered`. The
 * scale bench (bench/scale/requests.mjs) reads them for its cost model. Anywhere else, or
 * without the header, the request is untouched (docs/security.md).
 */
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../config';
import { meterD1, usageHeaders } from '../db/d1-meter';
import type { AppEnv } from './context';

export const D1_METER_HEADER = 'x-bench-d1';

/** Must run before the request's dependencies are built (provideDeps), which open the database. */
export const d1Meter = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header(D1_METER_HEADER) !== '1' || !readConfig(c.env).isDevelopment) return next();
  const { binding, usage } = meterD1(c.env.DB);
  c.env = { ...c.env, DB: binding };
  await next();
  // A WebSocket's 101 keeps its own headers.
  if (c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(usageHeaders(usage))) c.res.headers.set(name, value);
});
