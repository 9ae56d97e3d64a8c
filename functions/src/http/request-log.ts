/**
 * One JSON line per request (docs/operations.md "Reading the logs"): its id, the route pattern
 * it matched (never the path itself, which carries member ids and tokens), method, status,
 * duration, what it asked of D1 and the member in a form that cannot be reversed
 * (member-log-id.ts). Nothing else about the person: no address, email, query or body. The id
 * goes back in the `X-Request-Id` header of every answer but a WebSocket's 101.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { emptyUsage, requestMeteredD1, withD1Usage } from '../db/d1-meter';
import type { Account } from '../users/wire';
import type { AppEnv } from './context';
import { memberLogId } from './member-log-id';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

/** The log line of one request, as `wrangler tail` and Workers Logs show it. */
export type RequestLogLine = {
  event: 'request';
  requestId: string;
  method: string;
  /** The pattern of the route that answered (`/connection/:id`), null when none did (404, 405). */
  route: string | null;
  status: number;
  /** Wall time to the answer; the Workers clock moves on I/O only, so pure CPU time shows as 0. */
  durationMs: number;
  d1Queries: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** Queries whose rows D1 did not report (db/d1-meter.ts): their rows are missing from the counts. */
  d1Unmetered: number;
  /** The member's log id (member-log-id.ts), null when nobody is signed in. */
  member: string | null;
};

const METHOD_MAX = 16;

/** The pattern of the route that answered: the last one matched that is not middleware (middleware has the method ALL). */
export function routePatternOf(c: Context): string | null {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index]!;
    if (route.method !== 'ALL') return route.path;
  }
  return null;
}

function withRequestIdHeader(c: Context<AppEnv>, requestId: string) {
  if (c.res.status === 101) return;
  try {
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // An answer passed through from a binding keeps immutable headers: copy it first.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  }
}

/** Must run first: it gives the request its id and its D1 usage, and sees the answer the error handler made. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
  // workerd's private session call (db/d1-meter.ts) only where the stack is ours: development.
  const usage = emptyUsage({ rawMeta: c.env.ENVIRONMENT?.trim() === 'development' });
  c.set('requestId', requestId);
  c.set('d1Usage', usage);
  // A deployment missing its binding still answers (the generic 500 of the routes that need it).
  if (c.env.DB) c.env = { ...c.env, DB: requestMeteredD1(c.env.DB) };
  await withD1Usage(usage, next);
  withRequestIdHeader(c, requestId);
  const line: RequestLogLine = {
    event: 'request',
    requestId,
    method: c.req.method.slice(0, METHOD_MAX),
    route: routePatternOf(c),
    status: c.res.status,
    durationMs: Date.now() - started,
    d1Queries: usage.queries,
    d1RowsRead: usage.rowsRead,
    d1RowsWritten: usage.rowsWritten,
    d1Unmetered: usage.unmetered,
    member: await memberLogId((c.var.account as Account | undefined)?.user.id, c.env),
  };
  console.log(JSON.stringify(line));
});
