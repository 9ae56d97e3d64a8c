import { afterEach, describe, expect, test, vi } from 'vitest';

const apiCalls: Request[] = [];
vi.mock('cloudflare:workers', () => ({
  env: {
    API: {
      fetch: async (request: Request) => {
        apiCalls.push(request);
        return Response.json({ message: 'Not found', status: 404, data: null, requestId: request.headers.get('X-Request-Id') }, { status: 404 });
      },
    },
  },
}));

import { apiUrl, bindingFetch } from './api';
import { currentRequestId, handleWithRequestId, noteRoute, withRequestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => {
  apiCalls.length = 0;
  vi.restoreAllMocks();
});

/** Handles `request` as the worker does, with console.log captured. */
async function handled(request: Request, handle: () => Promise<Response>) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const response = await handleWithRequestId(request, handle);
  const lines = log.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
  return { response, lines };
}

describe('the app worker request id', () => {
  test('gives each request a new id, in its X-Request-Id header and its one log line with the route pattern', async () => {
    const request = new Request('https://foundermesh.example/profile/3f2c?email=ada%40example.com', {
      headers: { 'X-Request-Id': 'chosen-by-the-visitor', 'CF-Connecting-IP': '203.0.113.9' },
    });
    const { response, lines } = await handled(request, async () => {
      noteRoute('/profile/[id]');
      return new Response('<p>page</p>', { status: 200 });
    });
    const id = response.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    expect(lines).toEqual([{ event: 'app_request', requestId: id, method: 'GET', route: '/profile/[id]', status: 200, durationMs: expect.any(Number) }]);
    const text = JSON.stringify(lines);
    for (const personal of ['3f2c', 'ada', '203.0.113.9', 'chosen-by-the-visitor']) expect(text).not.toContain(personal);
    const again = await handled(request, async () => new Response('again'));
    expect(again.response.headers.get('X-Request-Id')).not.toBe(id);
  });

  test('passes the id to every API call of the request, and the API error body answers it back', async () => {
    const { response } = await handled(new Request('https://foundermesh.example/feed'), async () => {
      const answer = await bindingFetch(new Request(apiUrl('feed/nothing')));
      return new Response(answer.body, answer);
    });
    const id = response.headers.get('X-Request-Id');
    expect(apiCalls.map((call) => call.headers.get('X-Request-Id'))).toEqual([id]);
    expect(((await response.json()) as { requestId: string }).requestId).toBe(id);
  });

  test('puts the id on an answer whose headers cannot change (passed through from the binding)', async () => {
    const frozen = Response.redirect('https://foundermesh.example/sign-in', 302);
    const { response } = await handled(new Request('https://foundermesh.example/'), async () => frozen);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('https://foundermesh.example/sign-in');
    expect(response.headers.get('X-Request-Id')).toMatch(UUID);
  });

  test('leaves requests outside a handled one as they are', () => {
    const request = new Request(apiUrl('health'));
    expect(currentRequestId()).toBeNull();
    expect(withRequestId(request)).toBe(request);
  });
});
