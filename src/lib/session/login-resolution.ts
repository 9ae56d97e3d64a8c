/**
 * Login resolution (docs/product.md#login-resolution): what a successful login, verify-email, reset or
 * change-password answer must hold before the app treats the member as signed in.
 * Pure, so the rules are tested without HTTP or cookies.
 */
import type { User } from '@api/users/schemas';
import { isAdvisorUser } from '@api/shared/roles';
import { AppError, TOKEN_NOT_FOUND, USER_NOT_FOUND } from '../errors';

export type LoginResolution = { ok: true; jwt: string; user: User; isAdvisor: boolean } | { ok: false; error: AppError };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Checks an auth answer: no `jwt` gives 'Token not found', no `user` gives
 * 'User Account not found' (both status 400, and the caller clears the session);
 * otherwise the session to store, with `isAdvisor` from whether the user has an advisor.
 */
export function resolveLogin(body: unknown): LoginResolution {
  const jwt = isRecord(body) && typeof body.jwt === 'string' && body.jwt !== '' ? body.jwt : undefined;
  if (!jwt) return { ok: false, error: new AppError(TOKEN_NOT_FOUND, 400) };
  const user = isRecord(body) && isRecord(body.user) ? (body.user as User) : undefined;
  if (!user) return { ok: false, error: new AppError(USER_NOT_FOUND, 400) };
  return { ok: true, jwt, user, isAdvisor: isAdvisorUser(user) };
}
