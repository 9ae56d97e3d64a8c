/**
 * The Hono environment of every route: the worker's bindings, the dependencies built
 * for this request, and the signed-in account once requireUser has run.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { scryptHasher, type PasswordHasher } from '../auth/password';
import { systemClock, type Clock } from '../clock';
import { readConfig } from '../config';
import { db } from '../db/client';
import type { Deps } from '../deps';
import { cloudflareMailer } from '../mail/cloudflare-mailer';
import { devMailbox } from '../mail/dev-mailbox';
import { durableObjectLive } from '../live/emitter';
import { durableObjectLimiter } from '../rate-limit/limiter';
import type { Account } from '../users/wire';
import { validationHook } from './validation';

export type AppEnv = { Bindings: Env; Variables: { deps: Deps; account: Account } };

/** What a test (or another entry point) may swap; production uses the defaults. */
export type AppOptions = { clock?: Clock; passwords?: PasswordHasher };

/** Builds the request's dependencies from the worker's bindings. */
export function buildDeps(env: Env, options: AppOptions = {}): Deps {
  const config = readConfig(env);
  const database = db(env);
  const clock = options.clock ?? systemClock;
  return {
    db: database,
    clock,
    config,
    // Development mail stays in the dev mailbox; anywhere else it really goes out.
    mailer: config.isDevelopment ? devMailbox(database, clock) : cloudflareMailer(env.MAILER, config.mailFrom, clock),
    limiter: durableObjectLimiter(env.RATE_LIMITER),
    passwords: options.passwords ?? scryptHasher(),
    live: durableObjectLive(env.LIVE),
  };
}

/** Middleware putting the request's dependencies on the context as `deps`. */
export function provideDeps(options: AppOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', buildDeps(c.env, options));
    await next();
  });
}

/** A router for one domain, reporting validation failures the API's way. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
