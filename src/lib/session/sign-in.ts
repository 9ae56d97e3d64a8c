/**
 * Server-side actions that end with the member signed in: login, verify-email, reset
 * (type reset) and change-password. The server-rendered forms call `signIn`; the session
 * proxy reaches the same `establishSession` for the islands.
 */
import { callApi, type ApiFetch } from '../server/api';
import type { CookieJar } from './cookies';
import { readToken } from './cookies';
import { establishSession, type SessionResult } from './establish';

/** The API routes whose successful answer carries a fresh `{ jwt, user }`. */
export const SESSION_ISSUING_PATHS = ['auth/user-login', 'auth/verify-email', 'auth/reset-password', 'auth/change-password'] as const;
export type SessionIssuingPath = (typeof SESSION_ISSUING_PATHS)[number];

export interface SignInContext {
  cookies: CookieJar;
  url: URL;
  clientIp?: string;
  fetchApi?: ApiFetch;
}

/**
 * Posts `body` to `path` and, when the API accepts it, stores the new session in the
 * cookies and returns the user. change-password sends the current token as its Bearer.
 * A refusal from the API is returned as it is and changes no cookie.
 */
export async function signIn(path: SessionIssuingPath, body: Record<string, unknown>, context: SignInContext): Promise<SessionResult> {
  const { cookies, url, clientIp, fetchApi } = context;
  const token = path === 'auth/change-password' ? readToken(cookies) : undefined;
  const result = await callApi(path, { method: 'POST', body, token, clientIp, fetchApi });
  if (!result.ok) return result;
  return establishSession(result.data, cookies, url);
}
