/**
 * The typed client of the API for the server side: Hono's client over the service binding,
 * with the member's token and the visitor's address, so every call the pages and the
 * session code make is typed from the API's own routes: a changed route breaks the type
 * check, not the page. `outcome()` keeps a call's failure as a value.
 */
import type { ApiApp } from '@api/app';
import { hc } from 'hono/client';
import type { ApiClient } from '../api/client';
import { readAppError, toAppError, type AppError } from '../errors';
import { API_ORIGIN, bindingFetch, unreachableApiError, type ApiFetch } from './api';

/** Who asks, and through what (tests pass a fake binding). */
export interface ServerCallOptions {
  /** The member's jwt, sent as a Bearer token. */
  token?: string;
  /** The visitor's address, for the API's rate limits. */
  clientIp?: string;
  /** The visitor's browser, which names the session a sign-in opens. */
  userAgent?: string;
  /** The page is being prefetched, not shown: the API then counts no visit (no profile view). */
  prefetch?: boolean;
  fetchApi?: ApiFetch;
}

/** A typed client that asks the API as the member of `options` (a visitor without a token). */
export function serverClient({ token, clientIp, userAgent, prefetch, fetchApi = bindingFetch }: ServerCallOptions = {}): ApiClient {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (clientIp) headers['cf-connecting-ip'] = clientIp;
  if (userAgent) headers['user-agent'] = userAgent;
  if (prefetch) headers['sec-purpose'] = 'prefetch';
  return hc<ApiApp>(API_ORIGIN, {
    headers,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      let response: Response;
      try {
        response = await fetchApi(request);
      } catch (cause) {
        console.error(`API ${request.method} ${new URL(request.url).pathname} unreachable`, cause);
        throw unreachableApiError();
      }
      if (!response.ok) throw await readAppError(response);
      return response;
    },
  });
}

/** A call's outcome: its data, or the AppError it failed with. */
type Outcome<T> = { ok: true; data: T } | { ok: false; error: AppError };

/** Waits for a call (`data(...)` of a typed route) and keeps its failure as a value. */
export async function outcome<T>(read: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await read };
  } catch (cause) {
    return { ok: false, error: toAppError(cause) };
  }
}
