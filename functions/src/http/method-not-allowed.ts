/**
 * ASVS 14.5.1: a request whose path a route serves, but with a method none of its routes
 * accepts, answers 405 with an `Allow` header instead of the 404 for unknown paths, and is
 * logged as one JSON line, so probing with unexpected methods shows up in the logs.
 */
import type { NotFoundHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppEnv } from './context';
import { clientIp } from './client-ip';
import { errorBodyOf } from './error-handler';

/** What the app's route list says about one route (middleware has the method ALL). */
export type RouteEntry = { method: string; path: string };

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const LOGGED_PATH_MAX = 200;

/** The methods the routes accept at a path, in a fixed order; HEAD wherever GET is served. */
export function allowedMethods(routes: readonly RouteEntry[]): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const { method, path } of routes) if (method !== 'ALL') router.add(method, path, method);
  // Only routes of one method were added, so any match for a method means it is served.
  return (path) => METHODS.filter((method) => router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0);
}

/**
 * The app's not-found handler: 405 when the path is served with other methods, `notFound`
 * otherwise (or when the method is served and a route chose to answer 404). `routes` is read
 * on the first miss, once every router is mounted.
 */
export function methodNotAllowedOr(routes: () => readonly RouteEntry[], notFound: NotFoundHandler<AppEnv>): NotFoundHandler<AppEnv> {
  let allowedAt: ((path: string) => string[]) | undefined;
  return (c) => {
    allowedAt ??= allowedMethods(routes());
    const allow = allowedAt(c.req.path);
    if (allow.length === 0 || allow.includes(c.req.method)) return notFound(c);
    console.warn(
      JSON.stringify({
        event: 'method_not_allowed',
        method: c.req.method.slice(0, 16),
        path: c.req.path.slice(0, LOGGED_PATH_MAX),
        allow,
        ip: clientIp((name) => c.req.header(name)),
      }),
    );
    return c.json(errorBodyOf(c, { message: 'Method not allowed', status: 405, data: { allow } }), 405, { Allow: allow.join(', ') });
  };
}
