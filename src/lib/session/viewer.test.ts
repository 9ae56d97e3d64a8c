import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeApi } from '../server/fake-api';
import { createFakeCookieJar } from './fake-cookie-jar';
import { makeUser } from './test-users';
import { loadViewer } from './viewer';

const url = new URL('http://127.0.0.1:4402/settings/password');

describe('loadViewer', () => {
  test('treats a request without a token as a visitor and calls nothing', async () => {
    const api = createFakeApi();
    expect(await loadViewer(createFakeCookieJar().jar, url, { fetchApi: api.fetchApi })).toEqual({ user: null, cleared: false });
    expect(api.received).toHaveLength(0);
  });

  test('asks /auth/me with the Bearer token and returns the member', async () => {
    const user = makeUser();
    const api = createFakeApi(() => Response.json(user));
    const viewer = await loadViewer(createFakeCookieJar({ token: 'jwt' }).jar, url, { fetchApi: api.fetchApi });
    expect(viewer).toEqual({ user, cleared: false });
    expect(api.received[0].url.pathname).toBe('/auth/me');
    expect(api.received[0].url.search).toBe('');
    expect(api.received[0].headers.get('authorization')).toBe('Bearer jwt');
  });

  test('asks for the advisor profile when the isAdvisor cookie says true', async () => {
    const api = createFakeApi(() => Response.json(makeUser()));
    await loadViewer(createFakeCookieJar({ token: 'jwt', isAdvisor: 'true' }).jar, url, { fetchApi: api.fetchApi });
    expect(api.received[0].url.search).toBe('?profileQuery=advisor');
  });

  test('removes both cookies and reports it when the API rejects the token', async () => {
    const { jar, deleted } = createFakeCookieJar({ token: 'stale', isAdvisor: 'false' });
    const api = createFakeApi(() => Response.json({ message: 'Authentication required.', status: 401, data: null }, { status: 401 }));
    expect(await loadViewer(jar, url, { fetchApi: api.fetchApi })).toEqual({ user: null, cleared: true });
    expect([...deleted.keys()].sort()).toEqual(['isAdvisor', 'token']);
  });

  test('clears the session when the answer has no _id', async () => {
    const api = createFakeApi(() => Response.json({ email: 'x' }));
    expect((await loadViewer(createFakeCookieJar({ token: 'jwt' }).jar, url, { fetchApi: api.fetchApi })).cleared).toBe(true);
  });

  test('keeps the cookie when the API fails for another reason', async () => {
    const { jar, deleted } = createFakeCookieJar({ token: 'jwt' });
    const api = createFakeApi(() => new Response('down', { status: 503 }));
    expect(await loadViewer(jar, url, { fetchApi: api.fetchApi })).toEqual({ user: null, cleared: false });
    expect(deleted.size).toBe(0);
  });
});
