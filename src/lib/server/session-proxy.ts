/**
 * The session proxy behind /api/session/*: islands call the API through the app's own
 * origin and the edge adds `Authorization: Bearer <token cookie>`, so the jwt never
 * reaches JavaScript (docs/decisions.md#session). Pure apart from the injected `fetchApi`.
 */
import { AppError } from '../errors';
import { readToken, type CookieJar } from '../session/cookies';
import { establishSession } from '../session/establish';
import { SESSION_ISSUING_PATHS } from '../session/sign-in';
import { apiUrl, bindingFetch, unreachableApiError, type ApiFetch } from './api';
import { proxyBodyLimit, readBodyWithin } from './body-limit';
import { isCrossSiteUnsafe } from './cross-site';

const SESSION_PROXY_PREFIX = '/api/session/';

/** Error answers of the proxy itself, in the API's shape. */
const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';

/**
 * Headers the proxy passes on besides Authorization and CF-Connecting-IP. The browser's
 * Fetch Metadata tells the API a followed link from a script call (the poll vote's GET).
 */
// user-agent: the API names each session's device after it (the member's sessions list).
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'accept-language', 'if-none-match', 'sec-fetch-mode', 'sec-fetch-dest', 'user-agent'];
/** Response headers that describe the hop rather than the content, or that the app owns. */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export interface ProxyContext {
  request: Request;
  url: URL;
  cookies: CookieJar;
  clientIp?: string;
  fetchApi?: ApiFetch;
}

/** A JSON answer in the API's error shape. */
export function errorResponse(error: AppError): Response {
  return Response.json(error.toJSON(), { status: error.status });
}

/** The API path after /api/session/, exactly as the browser encoded it. */
export function apiPathOf(url: URL): string {
  return url.pathname.startsWith(SESSION_PROXY_PREFIX) ? url.pathname.slice(SESSION_PROXY_PREFIX.length) : '';
}

function isSessionIssuing(path: string): boolean {
  return (SESSION_ISSUING_PATHS as readonly string[]).includes(path.replace(/\/+$/, ''));
}

/** reset-password answers `{ jwt, user }` only for `type: 'reset'`; `type: 'request'` passes through. */
function expectsSession(path: string, requestBody: ArrayBuffer | undefined): boolean {
  if (!isSessionIssuing(path)) return false;
  if (path.replace(/\/+$/, '') !== 'auth/reset-password') return true;
  try {
    return JSON.parse(new TextDecoder().decode(requestBody)).type === 'reset';
  } catch {
    return false;
  }
}

function forwardedHeaders(request: Request, token: string | undefined, clientIp: string | undefined): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const authorization = request.headers.get('authorization');
  if (authorization) headers.set('authorization', authorization);
  else if (token) headers.set('authorization', `Bearer ${token}`);
  if (clientIp) headers.set('cf-connecting-ip', clientIp);
  return headers;
}

/** The proxy is a same-origin door: the API's CORS answers (meant for its direct clients) do not apply. */
function isDropped(name: string): boolean {
  const lower = name.toLowerCase();
  return DROPPED_RESPONSE_HEADERS.has(lower) || lower.startsWith('access-control-');
}

function passThrough(response: Response): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) {
    if (!isDropped(name)) headers.append(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Forwards the request to the API and answers what the API answered. Unsafe cross-site
 * requests get a 403; a body over the API's limit for the path a 413, before it is read
 * whole; an unreachable API a 502 with the generic message. A successful
 * login, verify, reset or change-password answer goes through the login resolution: the
 * cookies are set and the browser receives `{ user }` only. A 401 leaves the cookies alone:
 * a call sent with the old token can answer after a newer session was set in this browser
 * (a password changed while the page still fetched), and deleting then would sign the
 * member out. The next page load clears a cookie that is really dead (session/viewer.ts),
 * and the app treats the 401 as an auth failure (docs/product.md#sessions).
 */
export async function proxySessionRequest(context: ProxyContext): Promise<Response> {
  const { request, url, cookies, clientIp, fetchApi = bindingFetch } = context;
  if (isCrossSiteUnsafe(request, url.origin)) return errorResponse(new AppError(CROSS_SITE_MESSAGE, 403));

  const path = apiPathOf(url);
  const token = readToken(cookies);
  const method = request.method.toUpperCase();
  // A body over the API's limit for this path is refused here, before it is in memory (body-limit.ts).
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBodyWithin(request, proxyBodyLimit(method, path));
  if (body instanceof AppError) return errorResponse(body);

  let response: Response;
  try {
    response = await fetchApi(new Request(apiUrl(path, url.search), { method, headers: forwardedHeaders(request, token, clientIp), body }));
  } catch (cause) {
    console.error(`session proxy: API ${method} /${path} unreachable`, cause);
    return errorResponse(unreachableApiError());
  }

  if (response.ok && expectsSession(path, body)) {
    const answer: unknown = await response.json().catch(() => null);
    const session = establishSession(answer, cookies, url);
    return session.ok ? Response.json({ user: session.user }) : errorResponse(session.error);
  }
  return passThrough(response);
}
