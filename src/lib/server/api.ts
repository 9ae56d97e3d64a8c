/**
 * The app worker's one door to the API worker: the `API` service binding. Everything the
 * server side asks of the API goes through the typed client of `api-client.ts` or, for the
 * session and live proxies that forward paths they do not know, straight through `bindingFetch`.
 */
import { env } from 'cloudflare:workers';
import { AppError, DEFAULT_ERROR_MESSAGE } from '../errors';
import { withRequestId } from './request-id';

/** Sends a request to the API worker; tests pass a fake. */
export type ApiFetch = (request: Request) => Promise<Response>;

/** The binding ignores the host; this one only makes the URLs readable in logs. */
export const API_ORIGIN = 'https://api.internal';

/** The real API, through the service binding, with the id of the request being handled (request-id.ts). */
export const bindingFetch: ApiFetch = (request) => env.API.fetch(withRequestId(request));

/** The API address for `path` (with or without a leading slash) and an optional `?query`. */
export function apiUrl(path: string, search = ''): string {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return `${API_ORIGIN}/${path.replace(/^\/+/, '')}${query}`;
}

/** The answer an unreachable API gets: the generic message, 502 Bad Gateway. */
export function unreachableApiError(): AppError {
  return new AppError(DEFAULT_ERROR_MESSAGE, 502);
}
