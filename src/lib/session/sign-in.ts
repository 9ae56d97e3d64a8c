/**
 * Server-side actions that end with the member signed in: login, verify-email, reset
 * (type reset) and change-password. The server-rendered forms call `signIn`; the session
 * proxy reaches the same `establishSession` for the islands.
 */
import type { ClientResponse, InferRequestType } from 'hono/client';
import { data, type ApiClient } from '../api/client';
import { outcome, serverClient } from '../server/api-client';
import type { ApiFetch } from '../server/api';
import type { CookieJar } from './cookies';
import { readToken } from './cookies';
import { establishSession, type SessionResult } from './establish';

/** The API routes whose successful answer carries a fresh `{ jwt, user }`, by their path. */
export const SESSION_ISSUING_ROUTES = {
  'auth/user-login': (client: ApiClient) => client.auth['user-login'],
  'auth/verify-email': (client: ApiClient) => client.auth['verify-email'],
  'auth/reset-password': (client: ApiClient) => client.auth['reset-password'],
  'auth/change-password': (client: ApiClient) => client.auth['change-password'],
};
export type SessionIssuingPath = keyof typeof SESSION_ISSUING_ROUTES;

/** The paths of the session-issuing routes, as the session proxy sees them. */
export const SESSION_ISSUING_PATHS = Object.keys(SESSION_ISSUING_ROUTES) as SessionIssuingPath[];

/** The body the route at `P` takes. */
export type SignInBody<P extends SessionIssuingPath> = InferRequestType<ReturnType<(typeof SESSION_ISSUING_ROUTES)[P]>['$post']>['json'];

export interface SignInContext {
  cookies: CookieJar;
  url: URL;
  clientIp?: string;
  /** The browser's User-Agent, which names the new session in the member's sessions list. */
  userAgent?: string;
  fetchApi?: ApiFetch;
}

/**
 * Posts `body` to `path` and, when the API accepts it, stores the new session in the
 * cookies and returns the user. change-password sends the current token as its Bearer.
 * A refusal from the API is returned as it is and changes no cookie.
 */
export async function signIn<P extends SessionIssuingPath>(path: P, body: SignInBody<P>, context: SignInContext): Promise<SessionResult> {
  const { cookies, url, clientIp, userAgent, fetchApi } = context;
  const token = path === 'auth/change-password' ? readToken(cookies) : undefined;
  const route = SESSION_ISSUING_ROUTES[path](serverClient({ token, clientIp, userAgent, fetchApi }));
  // `body` is the one `route` takes, a pairing TypeScript cannot follow through the table.
  const post = route.$post as (args: { json: SignInBody<P> }) => Promise<ClientResponse<unknown, 200>>;
  const result = await outcome(data(post({ json: body })));
  if (!result.ok) return result;
  return establishSession(result.data, cookies, url);
}
