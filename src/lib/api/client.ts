/**
 * The browser-side client for islands. Every call goes to the app's own origin:
 * `/api/session/<api path>` (the edge adds the Bearer token from the HttpOnly cookie),
 * `/api/register` and `/api/logout`. JSON in, JSON out; failures are thrown as AppError.
 */
import { readAppError, toAppError } from '../errors';

export interface SessionRequest {
  method?: string;
  /** A plain value is sent as JSON; FormData (uploads) as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The session proxy's address for an API path (`auth/me` → `/api/session/auth/me`). */
export function sessionUrl(path: string): string {
  return `/api/session/${path.replace(/^\/+/, '')}`;
}

/** Browsers allow 64 KB of keepalive bodies in flight per page; stay well under it. */
const KEEPALIVE_MAX_CHARS = 16 * 1024;

async function request<T>(url: string, { method, body, headers = {} }: SessionRequest = {}): Promise<T> {
  const init: RequestInit = {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...headers },
    credentials: 'same-origin',
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  // A change the screen already shows (optimistic) must reach the server even when the
  // member leaves or reloads the page at once: small JSON changes outlive the page.
  if (init.method !== 'GET' && typeof init.body !== 'object' && (init.body?.length ?? 0) <= KEEPALIVE_MAX_CHARS) init.keepalive = true;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    // Offline or blocked: the generic error, with the cause in the console.
    console.error(`${init.method} ${url} failed`, cause);
    throw toAppError(cause);
  }
  if (!response.ok) throw await readAppError(response);
  if (response.status === 204) return null as T;
  return (await response.json().catch(() => null)) as T;
}

/** Calls the API through the session proxy and returns its data, or throws an AppError. */
export function session<T = unknown>(path: string, options: SessionRequest = {}): Promise<T> {
  return request<T>(sessionUrl(path), options);
}

/** POST /api/register with the registration fields; true when the account was created. */
export async function registerAccount(fields: Record<string, unknown>): Promise<boolean> {
  return (await request<boolean>('/api/register', { method: 'POST', body: fields })) === true;
}

/** POST /api/logout with no body; true once both session cookies are cleared. */
export async function logoutSession(): Promise<boolean> {
  return (await request<boolean>('/api/logout', { method: 'POST' })) === true;
}

/** What the auth store needs from the network; tests pass a fake. */
export interface AuthClient {
  session<T = unknown>(path: string, options?: SessionRequest): Promise<T>;
  register(fields: Record<string, unknown>): Promise<boolean>;
  logout(): Promise<boolean>;
}

/** The real client, over fetch. */
export const browserAuthClient: AuthClient = { session, register: registerAccount, logout: logoutSession };
