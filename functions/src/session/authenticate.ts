/**
 * Who is calling: a Bearer token becomes the signed-in account, or a 401 that says
 * whether a token was missing or no longer good.
 */
import type { Deps } from '../deps';
import { ApiError } from '../errors';
import { findAccountById } from '../users/repository';
import type { Account } from '../users/wire';
import { SESSION_MESSAGES } from './messages';
import { readToken } from './token';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * The account a token belongs to. Refused (401): no token; a bad signature, garbled or
 * expired token; a user that is gone; or a token_version that a password change or
 * reset has since moved past.
 */
export async function authenticate(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string | null): Promise<Account> {
  if (!token) throw new ApiError(401, SESSION_MESSAGES.authenticationRequired);
  const claims = await readToken(token, deps.config.jwtSecret, deps.clock);
  const account = claims ? await findAccountById(deps.db, claims.sub) : null;
  if (!claims || !account || account.user.tokenVersion !== claims.ver) throw new ApiError(401, SESSION_MESSAGES.sessionExpired);
  return account;
}
