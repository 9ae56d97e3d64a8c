/**
 * The fetch the typed client sends through: the session proxy's rules for every call.
 * Same-origin credentials (the edge adds the Bearer token from the HttpOnly cookie), JSON
 * answers asked for, small JSON changes sent with keepalive so they outlive the page, and
 * every failure thrown as an AppError: the API's error body, or the generic one when the
 * network fails. A 401 is also told to the page (AUTH_REFUSED_EVENT): a member's page then
 * checks whether its session ended elsewhere (../session/ended.ts).
 */
import { readAppError, toAppError } from '../errors';
import { AUTH_REFUSED_EVENT } from '../session/ended';

/** What carries a request: the browser's fetch, or XMLHttpRequest for uploads with progress. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** Browsers allow 64 KB of keepalive bodies in flight per page; stay well under it. */
const KEEPALIVE_MAX_CHARS = 16 * 1024;

/** Whether a request may outlive the page: a change with a small JSON body (or none). */
function outlivesPage(method: string, body: RequestInit['body']): boolean {
  if (method === 'GET' || (body !== undefined && body !== null && typeof body !== 'string')) return false;
  return (body?.length ?? 0) <= KEEPALIVE_MAX_CHARS;
}

/** A fetch with the session proxy's rules over `transport` (the browser's fetch by default). */
export function sessionFetch(transport: Transport = (url, init) => fetch(url, init)): typeof fetch {
  return async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    // A change the screen already shows (optimistic) must reach the server even when the
    // member leaves or reloads the page at once: small JSON changes outlive the page.
    const request: RequestInit = { ...init, method, headers, credentials: 'same-origin', keepalive: outlivesPage(method, init.body) };
    let response: Response;
    try {
      response = await transport(url, request);
    } catch (cause) {
      // The caller gave up on it (a search overtaken by typing): nothing failed.
      if (init.signal?.aborted) throw cause;
      // Offline or blocked: the generic error, with the cause in the console.
      console.error(`${method} ${url} failed`, cause);
      throw toAppError(cause);
    }
    if (response.status === 401 && typeof dispatchEvent === 'function') dispatchEvent(new Event(AUTH_REFUSED_EVENT));
    if (!response.ok) throw await readAppError(response);
    return response;
  };
}
