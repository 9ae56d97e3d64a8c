/**
 * The network as store tests see it: the typed client over a stand-in transport that turns
 * each request into a call of `session(path, options)`, a vi.fn the test answers. A
 * resolved value is the answer's JSON (undefined: an empty 204), a rejected AppError with
 * an HTTP status the API's error answer; anything else rejected fails on the way there.
 */
import { vi } from 'vitest';
import { AppError } from '../errors';
import { SESSION_BASE, sessionClient, type ApiClient } from './client';
import type { UploadInit } from './upload-transport';

/** What a test sees of one request: the method, and the body (parsed JSON, or the FormData) when there is one. */
interface StubRequest {
  method: string;
  body?: unknown;
  /** Set when the caller asked to hear the upload's progress. */
  onProgress?: (percent: number) => void;
}

/** A GET without a body is seen as `session(path)`, everything else as `session(path, request)`. */
type StubSession = (path: string, request?: StubRequest) => Promise<unknown>;

function bodyOf(body: RequestInit['body']): unknown {
  return typeof body === 'string' ? JSON.parse(body) : body;
}

function answer(value: unknown): Response {
  return value === undefined ? new Response(null, { status: 204 }) : Response.json(value);
}

/** A typed client whose requests reach the returned `session` mock (path with its query, without /api/session/). */
export function sessionStub(): { api: ApiClient; session: ReturnType<typeof vi.fn<StubSession>> } {
  const session = vi.fn<StubSession>();
  const api = sessionClient(async (url, init: UploadInit) => {
    const path = url.slice(SESSION_BASE.length + 1);
    const method = init.method ?? 'GET';
    const request: StubRequest = { method };
    if (init.body !== undefined && init.body !== null) request.body = bodyOf(init.body);
    if (init.onUploadProgress) request.onProgress = init.onUploadProgress;
    try {
      return answer(await (method === 'GET' && request.body === undefined ? session(path) : session(path, request)));
    } catch (cause) {
      // An AppError with an HTTP status is the API's answer; anything else fails on the way.
      if (cause instanceof AppError && cause.status >= 400 && cause.status <= 599) return Response.json(cause.toJSON(), { status: cause.status });
      throw cause;
    }
  });
  return { api, session };
}
