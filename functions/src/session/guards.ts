/**
 * Route guards: requireUser reads `Authorization: Bearer <jwt>` and puts the account and
 * its session on the context; requireAdmin additionally wants an administrator (docs/product.md#roles); optionalUser
 * puts the signed-in account or null on the context as `viewer`, for public routes.
 */
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppEnv } from '../http/context';
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
