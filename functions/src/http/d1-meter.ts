/**
 * Development only: with `x-bench-d1: 1` on a request to a worker whose ENVIRONMENT is
 * development, the answer tells the D1 usage the request log counted (request-log.ts,
 * db/d1-meter.ts): it carries `x-d1-queries`, `x-d1-rows-read`, `x-d1-rows-written` and `x-d1-unmetered`. The
 * scale bench (bench/scale/requests.mjs) reads them for its cost model. Anywhere else, or
 * without the header, the request is untouched (docs/security.md).
 */
import { createMiddleware } from 'hono/factory';
import { readConfig } from '../config';
import { usageHeaders } from '../db/d1-meter';
import type { AppEnv } from './context';

export const D1_METER_HEADER = 'x-bench-d1';

/** Runs inside the request log, which counts the usage. */
export const d1Meter = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header(D1_METER_HEADER) !== '1' || !readConfig(c.env).isDevelopment) return next();
  await next();
  const usage = c.get('d1Usage');
  // A WebSocket's 101 keeps its own headers.
  if (c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(usageHeaders(usage))) c.res.headers.set(name, value);
});
