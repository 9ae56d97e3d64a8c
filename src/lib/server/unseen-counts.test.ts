import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeApi } from './fake-api';
import { unseenCountsFor } from './unseen-counts';

const pageRequest = () => new Request('https://foundermesh.dev/feed');

describe('unseenCountsFor', () => {
  test('asks both counts with the member’s token, once per request', async () => {
    const api = createFakeApi((request) => Response.json({ count: request.url.pathname.startsWith('/notifications') ? 3 : 5 }));
    const request = pageRequest();
    expect(await unseenCountsFor(request, { token: 'jwt', fetchApi: api.fetchApi })).toEqual({ notifications: 3, messages: 5 });
    await unseenCountsFor(request, { token: 'jwt', fetchApi: api.fetchApi });
    expect(api.received.map((received) => received.url.pathname).sort()).toEqual(['/connections/messages/unseen-count', '/notifications/unseen-count']);
    expect(api.received.every((received) => received.headers.get('authorization') === 'Bearer jwt')).toBe(true);
  });

  test('answers 0 for a count the API cannot give', async () => {
    const api = createFakeApi((request) => (request.url.pathname.startsWith('/notifications') ? new Response('down', { status: 503 }) : Response.json({})));
    expect(await unseenCountsFor(pageRequest(), { token: 'jwt', fetchApi: api.fetchApi })).toEqual({ notifications: 0, messages: 0 });
  });

  test('asks nothing for a visitor', async () => {
    const api = createFakeApi();
    expect(await unseenCountsFor(pageRequest(), { fetchApi: api.fetchApi })).toEqual({ notifications: 0, messages: 0 });
    expect(api.received).toHaveLength(0);
  });
});
