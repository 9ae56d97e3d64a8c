/**
 * The typed client of the API for the server side: Hono's client over the service binding
 * (as callApi, with the member's token and the visitor's address), so the pages' reads are
 * typed from the API's own routes. `outcome()` keeps a read's failure as a value.
 */
import type { ApiApp } from '@api/app';
import { hc } from 'hono/client';
import type { ApiClient } from '../api/client';
import { readAppError, toAppError, type AppError } from '../errors';
import { API_ORIGIN, bindingFetch, unreachableApiError, type ApiCallOptions } from './api';

/** Who asks, and through what (tests pass a fake binding). */
export type ServerCallOptions = Pick<ApiCallOptions, 'token' | 'clientIp' | 'fetchApi'>;

/** A typed client that asks the API as the member of `options` (a visitor without a token). */
export function serverClient({ token, clientIp, fetchApi = bindingFetch }: ServerCallOptions = {}): ApiClient {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (clientIp) headers['cf-connecting-ip'] = clientIp;
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

/** A read's outcome: its data, or the AppError it failed with. */
type Outcome<T> = { ok: true; data: T } | { ok: false; error: AppError };

/** Waits for a read (`data(...)` of a typed call) and keeps its failure as a value. */
export async function outcome<T>(read: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await read };
  } catch (cause) {
    return { ok: false, error: toAppError(cause) };
  }
}
