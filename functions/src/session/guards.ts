/**
 * Route guards: requireUser reads `Authorization: Bearer <jwt>` and puts the account and
 * its session on the context; requireAdmin additionally wants an administrator (docs/product.md#roles); optionalUser
 * puts the signed-in account or null on the context as `viewer`, for public routes.
 *
 * Routes name who may call them once per group: `routesFor(MEMBERS)` (or ADMINS, VIEWERS)
 * builds a group's routes with its guards and the security the OpenAPI document shows, so the
 * two never disagree. Public routes keep `createRoute` with PUBLIC_SECURITY.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppEnv } from '../http/context';
import { MEMBER_SECURITY, OPTIONAL_MEMBER_SECURITY } from '../openapi/security';
import { isAdmin } from '../shared/roles';
import type { Account } from '../users/wire';
import { SESSION_MESSAGES } from './messages';
import { authenticate, bearerToken } from './authenticate';

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const { account, session } = await authenticate(c.get('deps'), bearerToken(c.req.header('Authorization')));
  c.set('account', account);
  c.set('session', session);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.get('account').user)) throw new ApiError(403, SESSION_MESSAGES.adminOnly);
  await next();
});

/** The context of routes that serve visitors and members alike. */
export type ViewerEnv = AppEnv & { Variables: { viewer: Account | null } };

/**
 * For public routes that answer members a little differently (a profile page records a
 * view). No token: a visitor. A token that is no longer good is also read as a visitor,
 * so that a stale cookie never breaks a public page; it never signs anyone in.
 */
export const optionalUser = createMiddleware<ViewerEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  const viewer = token
    ? await authenticate(c.get('deps'), token).then(
        (caller) => caller.account,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        },
      )
    : null;
  c.set('viewer', viewer);
  await next();
});

/** Who may call a group of routes: the guards that run first on each, and the security its operations declare. */
type Access = { readonly security: NonNullable<RouteConfig['security']>; readonly middleware: readonly (MiddlewareHandler<AppEnv> | MiddlewareHandler<ViewerEnv>)[] };

/** Signed-in members (401 otherwise). */
export const MEMBERS = { security: MEMBER_SECURITY, middleware: [requireUser] } as const satisfies Access;
/** Signed-in administrators (401 signed out, 403 for other members). */
export const ADMINS = { security: MEMBER_SECURITY, middleware: [requireUser, requireAdmin] } as const satisfies Access;
/** Visitors and members alike; a member's token, when sent, puts the account on the context as `viewer`. */
export const VIEWERS = { security: OPTIONAL_MEMBER_SECURITY, middleware: [optionalUser] } as const satisfies Access;

/** A route's own middleware as a tuple, for the handler's context type. */
type OwnMiddleware<R> = R extends { middleware: infer M extends readonly MiddlewareHandler[] } ? M : [];

/**
 * `createRoute` for the routes of a group that `access` guards: each gets the group's security
 * and runs the group's guards, then its own `middleware` (a rate limit, a form check), then
 * validation and the handler.
 */
export function routesFor<const A extends Access>(access: A) {
  return <P extends string, R extends Omit<RouteConfig, 'path' | 'security'> & { path: P; security?: never }>(route: R) =>
    createRoute({
      ...route,
      security: access.security,
      middleware: [...access.middleware, ...((route.middleware as readonly MiddlewareHandler[] | undefined) ?? [])],
    }) as unknown as Omit<R, 'middleware'> & {
      security: A['security'];
      middleware: [...A['middleware'], ...OwnMiddleware<R>];
      getRoutingPath(): ReturnType<ReturnType<typeof createRoute<P, R>>['getRoutingPath']>;
    };
}
