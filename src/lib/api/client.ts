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

/** The session proxy's address for an API path (`auth/me` → `/api/session/auth/me`). */
export function sessionUrl(path: string): string {
  return `${SESSION_BASE}/${path.replace(/^\/+/, '')}`;
}

/** The typed client of the API. */
export type SessionApi = ReturnType<typeof hc<ApiApp>>;

/** A typed client over `transport` (tests pass a stand-in for the network). */
export function sessionApi(transport: Transport = browserTransport): SessionApi {
  return hc<ApiApp>(SESSION_BASE, { fetch: sessionFetch(transport) });
}

/** The app's client, over the browser's fetch. */
export const api: SessionApi = sessionApi();

/** The body of a route's successful answer, as its schema says (null for 204). */
export type SuccessData<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? (S extends 204 ? null : T) : never) : never;

/** The typed data of a successful answer (null when it has none); errors were thrown before. */
export async function data<R extends ClientResponse<unknown>>(answer: Promise<R>): Promise<SuccessData<R>> {
  const response = await answer;
  if (response.status === 204) return null as SuccessData<R>;
  return (await response.json().catch(() => null)) as SuccessData<R>;
}

/** Request options that report the body's upload progress (0–100) while it goes up. */
export function withUploadProgress(onUploadProgress: (percent: number) => void): ClientRequestOptions {
  const init: UploadInit = { onUploadProgress };
  return { init };
}

export interface SessionRequest {
  method?: string;
  /** A plain value is sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends to an endpoint of the app's origin: JSON in, the answer's JSON out (null when empty). */
async function request(url: string, { method, body, headers = {} }: SessionRequest = {}): Promise<unknown> {
  const init: RequestInit = { method: method ?? (body === undefined ? 'GET' : 'POST'), headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...headers, 'content-type': 'application/json' };
  }
  const response = await sessionFetch()(url, init);
  return response.status === 204 ? null : response.json().catch(() => null);
}

/**
 * Calls an API path through the session proxy, untyped: only for the sign-in flows the
 * edge itself answers (the auth store); everything else goes through the typed `api`.
 */
export function session<T = unknown>(path: string, options: SessionRequest = {}): Promise<T> {
  return request(sessionUrl(path), options) as Promise<T>;
}

/** POST /api/register with the registration fields; true when the account was created. */
export async function registerAccount(fields: Record<string, unknown>): Promise<boolean> {
  return (await request('/api/register', { method: 'POST', body: fields })) === true;
}

/** POST /api/logout with no body; true once both session cookies are cleared. */
export async function logoutSession(): Promise<boolean> {
  return (await request('/api/logout', { method: 'POST' })) === true;
}

/** What the auth store needs from the network; tests pass a fake. */
export interface AuthClient {
  session<T = unknown>(path: string, options?: SessionRequest): Promise<T>;
  register(fields: Record<string, unknown>): Promise<boolean>;
  logout(): Promise<boolean>;
}

/** The real client, over fetch. */
export const browserAuthClient: AuthClient = { session, register: registerAccount, logout: logoutSession };
