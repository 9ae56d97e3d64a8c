/**
 * The browser-side client for islands, typed from the API's own routes: `api` is Hono's
 * typed client over `/api/session/<api path>` (the edge adds the Bearer token from the
 * HttpOnly cookie), so a changed route or schema breaks the type check, not the browser.
 * `data()` reads an answer's typed body; failures are thrown as AppError by sessionFetch.
 * Only the API's types are imported: no server code reaches the browser.
 */
import type { ApiApp } from '@api/app';
import { hc, type ClientRequestOptions, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { sessionFetch, type Transport } from './session-fetch';
import { browserTransport, type UploadInit } from './upload-transport';

/** Where the session proxy answers (src/pages/api/session/[...path].ts). */
export const SESSION_BASE = '/api/session';

/** The typed client of the API. */
export type ApiClient = ReturnType<typeof hc<ApiApp>>;

/** A typed client over `transport` (tests pass a stand-in for the network). */
export function sessionClient(transport: Transport = browserTransport): ApiClient {
  return hc<ApiApp>(SESSION_BASE, { fetch: sessionFetch(transport) });
}

/** The app's client, over the browser's fetch. */
export const api: ApiClient = sessionClient();

/** The body of a route's successful answer, as its schema says (null for 204). */
type SuccessData<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? (S extends 204 ? null : T) : never) : never;

/** The typed data of a successful answer (null when it has none); errors were thrown before. */
export async function data<P extends Promise<ClientResponse<unknown>>>(answer: P): Promise<SuccessData<Awaited<P>>> {
  const response = await answer;
  if (response.status === 204) return null as SuccessData<Awaited<P>>;
  return (await response.json().catch(() => null)) as SuccessData<Awaited<P>>;
}

/** A typed call of one route, as the typed client hands it out (`api['feed-post'].$post`). */
type Endpoint = (args: never, options?: ClientRequestOptions) => Promise<ClientResponse<unknown>>;

/**
 * Calls a multipart route with `form`, the body the app's form builders made (fields in
 * order, files with their names), reporting its upload progress (0–100) when asked. The
 * route's other arguments (`param`, `query`) and its answer stay typed; the body replaces
 * whatever the client would build from a `form` argument.
 */
export function sendForm<E extends Endpoint>(endpoint: E, args: Omit<Parameters<E>[0], 'form'>, form: FormData, onUploadProgress?: (percent: number) => void): ReturnType<E> {
  const init: UploadInit = { body: form };
  if (onUploadProgress) init.onUploadProgress = onUploadProgress;
  return endpoint({ ...args, form: {} } as Parameters<E>[0], { init }) as ReturnType<E>;
}
