/**
 * The app worker's one door to the API worker: the `API` service binding. Everything the
 * server side asks of the API goes through `callApi` (JSON in, JSON or an AppError out) or,
 * for the session proxy, straight through `bindingFetch`.
 */
import { env } from 'cloudflare:workers';
import { AppError, DEFAULT_ERROR_MESSAGE, readAppError } from '../errors';

/** Sends a request to the API worker; tests pass a fake. */
export type ApiFetch = (request: Request) => Promise<Response>;

/** The binding ignores the host; this one only makes the URLs readable in logs. */
export const API_ORIGIN = 'https://api.internal';

/** The real API, through the service binding. */
export const bindingFetch: ApiFetch = (request) => env.API.fetch(request);

/** The API address for `path` (with or without a leading slash) and an optional `?query`. */
export function apiUrl(path: string, search = ''): string {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return `${API_ORIGIN}/${path.replace(/^\/+/, '')}${query}`;
}

/** The answer an unreachable API gets: the generic message, 502 Bad Gateway. */
export function unreachableApiError(): AppError {
  return new AppError(DEFAULT_ERROR_MESSAGE, 502);
}

export interface ApiCallOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The member's jwt, sent as a Bearer token. */
  token?: string;
  /** The visitor's address, for the API's rate limits. */
  clientIp?: string;
  /** A query string, with or without its `?`. */
  search?: string;
  fetchApi?: ApiFetch;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: AppError };

/** Calls the API with JSON and reads its answer: the data, or the error body as an AppError. */
export async function callApi<T = unknown>(path: string, options: ApiCallOptions = {}): Promise<ApiResult<T>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, clientIp, search, fetchApi = bindingFetch } = options;
  const headers = new Headers({ accept: 'application/json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (clientIp) headers.set('cf-connecting-ip', clientIp);
  let response: Response;
  try {
    response = await fetchApi(
      new Request(apiUrl(path, search), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
  } catch (cause) {
    console.error(`API ${method} ${path} unreachable`, cause);
    return { ok: false, error: unreachableApiError() };
  }
  if (!response.ok) return { ok: false, error: await readAppError(response) };
  const data = (await response.json().catch(() => null)) as T;
  return { ok: true, status: response.status, data };
}
