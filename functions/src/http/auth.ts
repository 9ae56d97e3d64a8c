/**
 * Route guards: requireUser reads `Authorization: Bearer <jwt>` and puts the account on
 * the context; requireAdmin additionally wants SPEC.md §6's administrator.
 */
import { createMiddleware } from 'hono/factory';
import { AUTH_MESSAGES } from '../auth/messages';
import { authenticate, bearerToken } from '../auth/session';
import { isAdmin } from '../users/roles';
import type { AppEnv } from './context';
import { ApiError } from './errors';

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('account', await authenticate(c.get('deps'), bearerToken(c.req.header('Authorization'))));
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.get('account').user)) throw new ApiError(403, AUTH_MESSAGES.adminOnly);
  await next();
});
