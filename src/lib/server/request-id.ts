/**
 * The app worker's request ids (docs/operations.md): every request gets a new UUID (an id a
 * visitor sends is not taken: ids in the logs are ours). Its handling runs inside a scope
 * (an AsyncLocalStorage) that every call to the API reads, so the API logs the same id
 * (functions/src/http/request-id.ts); the answer carries it in `X-Request-Id`, and the worker
 * prints one JSON line per request with the route pattern the middleware noted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What one request's scope knows: its id and, once the middleware saw it, Astro's route pattern (`/profile/[id]`). */
type RequestScope = { requestId: string; route: string | null };

const scopes = new AsyncLocalStorage<RequestScope>();

/** The id of the request being handled, or null outside one (tests of single modules). */
export function currentRequestId(): string | null {
  return scopes.getStore()?.requestId ?? null;
}

/** Notes the pattern of the Astro route answering this request (src/middleware.ts), for its log line. */
export function noteRoute(pattern: string): void {
  const scope = scopes.getStore();
  if (scope) scope.route = pattern;
}

/** `request` with the current request id in its `X-Request-Id` header, for the API; as it is outside a request. */
export function withRequestId(request: Request): Request {
  const requestId = currentRequestId();
  if (!requestId) return request;
  const forwarded = new Request(request);
  forwarded.headers.set(REQUEST_ID_HEADER, requestId);
  return forwarded;
}

/**
 * Handles one request of the app worker in its own scope: `handle` runs with a new request id,
 * the answer gets it in `X-Request-Id` (but a WebSocket's 101), and one JSON line is printed:
 * id, method, route pattern (never the path), status and duration; nothing about the visitor.
 */
export async function handleWithRequestId(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const scope: RequestScope = { requestId: crypto.randomUUID(), route: null };
  const started = Date.now();
  const response = await scopes.run(scope, handle);
  const answer = response.status === 101 ? response : withHeader(response, scope.requestId);
  console.log(
    JSON.stringify({
      event: 'app_request',
      requestId: scope.requestId,
      method: request.method.slice(0, 16),
      route: scope.route,
      status: response.status,
      durationMs: Date.now() - started,
    }),
  );
  return answer;
}

function withHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // An answer passed through from the API binding keeps immutable headers: copy it first.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}
