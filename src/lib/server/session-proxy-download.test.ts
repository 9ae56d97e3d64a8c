import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeCookieJar } from '../session/fake-cookie-jar';
import { createFakeApi } from './fake-api';
import { proxySessionRequest } from './session-proxy';

const APP = 'http://127.0.0.1:4402';

describe('the session proxy and the data download', () => {
  test('passes a streamed zip through as it comes, with its attachment name, and drops the hop headers', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          if (pulls > 3) return controller.close();
          controller.enqueue(new Uint8Array([pulls, pulls, pulls]));
        },
      },
      { highWaterMark: 0 },
    );
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="foundermesh-data-2026-11-25.zip"',
      'cache-control': 'private, no-store',
      'set-cookie': 'leak=1',
    };
    const api = createFakeApi(() => new Response(body, { headers }));
    const url = new URL(`${APP}/api/session/auth/data-export`);
    const response = await proxySessionRequest({ request: new Request(url), url, cookies: createFakeCookieJar({ token: 'jwt-1' }).jar, fetchApi: api.fetchApi });

    expect(api.received[0]!.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="foundermesh-data-2026-11-25.zip"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    // Not read ahead: the API's stream is pulled only as the browser reads.
    expect(pulls).toBeLessThanOrEqual(1);
    const reader = response.body!.getReader();
    expect(Array.from((await reader.read()).value!)).toEqual([1, 1, 1]);
    const rest: number[] = [];
    for (let step = await reader.read(); !step.done; step = await reader.read()) rest.push(...step.value);
    expect(rest).toEqual([2, 2, 2, 3, 3, 3]);
  });

  test('passes the 429 of a second download within the hour on, with Retry-After', async () => {
    const api = createFakeApi(() =>
      Response.json(
        { message: 'Too many data downloads. Please try again in 42 minutes.', status: 429, data: { retryAfter: 2520 } },
        { status: 429, headers: { 'retry-after': '2520' } },
      ),
    );
    const url = new URL(`${APP}/api/session/auth/data-export`);
    const response = await proxySessionRequest({ request: new Request(url), url, cookies: createFakeCookieJar({ token: 'jwt-1' }).jar, fetchApi: api.fetchApi });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2520');
    expect(((await response.json()) as { data: unknown }).data).toEqual({ retryAfter: 2520 });
  });
});
