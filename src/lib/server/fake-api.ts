/**
 * A stand-in for the API service binding in unit tests: answers from a handler and keeps
 * every request it received, with its body already read.
 */
import type { ApiFetch } from './api';

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A fake `fetchApi`; `handler` decides each answer (default: 200 `{}`). */
export function createFakeApi(handler: (request: ReceivedRequest) => Response | Promise<Response> = () => Response.json({})) {
  const received: ReceivedRequest[] = [];
  const fetchApi: ApiFetch = async (request) => {
    const entry = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() };
    received.push(entry);
    return handler(entry);
  };
  return { fetchApi, received };
}
