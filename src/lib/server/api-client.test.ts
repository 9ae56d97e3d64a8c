import { describe, expect, it, vi } from 'vitest';
import { data } from '../api/client';
import { AppError } from '../errors';
import { outcome, serverClient } from './api-client';
import { createFakeApi } from './fake-api';

vi.mock('cloudflare:workers', () => ({ env: {} }));

describe('serverClient', () => {
  it('asks the API at the route’s path with the member’s token and address', async () => {
    const api = createFakeApi(() => Response.json({ count: 3 }));
    const answer = await data(serverClient({ token: 'jwt', clientIp: '10.0.0.2', fetchApi: api.fetchApi }).notifications['unseen-count'].$get());
    expect(answer).toEqual({ count: 3 });
    const [request] = api.received;
    expect(request!.url.href).toBe('https://api.internal/notifications/unseen-count');
    expect(request!.headers.get('authorization')).toBe('Bearer jwt');
    expect(request!.headers.get('cf-connecting-ip')).toBe('10.0.0.2');
    expect(request!.headers.get('accept')).toBe('application/json');
  });

  it('sends no token for a visitor', async () => {
    const api = createFakeApi(() => Response.json({ data: [] }));
    await data(serverClient({ fetchApi: api.fetchApi }).profiles.sitemap.$get());
    expect(api.received[0]!.headers.has('authorization')).toBe(false);
  });
});

describe('outcome', () => {
  it('keeps the API’s error answer as the AppError', async () => {
    const api = createFakeApi(() => Response.json({ message: 'Profile not found.', status: 404, data: null }, { status: 404 }));
    const read = await outcome(data(serverClient({ fetchApi: api.fetchApi }).founder.profile.$get({ query: { slug: 'ada' } })));
    expect(read).toEqual({ ok: false, error: expect.objectContaining({ message: 'Profile not found.', status: 404 }) });
  });

  it('answers 502 with the generic message when the API cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const read = await outcome(data(serverClient({ fetchApi: () => Promise.reject(new TypeError('binding down')) }).feed.groups.$get()));
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error).toBeInstanceOf(AppError);
      expect(read.error).toMatchObject({ message: 'Something went to wrong', status: 502 });
    }
  });
});
