/**
 * The Hono environment of every route: the worker's bindings, the dependencies built
 * for this request, and the signed-in account once requireUser (auth/guards.ts) has run.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { D1Usage } from '../db/d1-meter';
import type { Deps } from '../deps';
import type { Account } from '../users/wire';
import { validationHook } from './validation';

/**
 * `account` and `session` are set by requireUser: the session is the one the token belongs to
 * (session/sessions.ts) and `expiresAt` the token's expiry in seconds. `requestId` and
 * `d1Usage` are set first of all by the request log (request-log.ts).
 */
export type AppEnv = {
  Bindings: Env;
  Variables: { deps: Deps; account: Account; session: { id: string; expiresAt: number }; requestId: string; d1Usage: D1Usage };
};

/** Middleware putting the request's dependencies, built from the worker's bindings, on the context as `deps`. */
export function provideDeps(build: (env: Env) => Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', build(c.env));
    await next();
  });
}

/** A router for one domain, reporting validation failures the API's way. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
