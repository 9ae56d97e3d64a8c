import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeCookieJar } from '../session/fake-cookie-jar';
import { makeAdvisor, makeUser } from '../session/test-users';
import { createFakeApi } from './fake-api';
import { apiPathOf, proxySessionRequest } from './session-proxy';

const APP = 'http://127.0.0.1:4402';

function call(path: string, init: RequestInit = {}, cookies: Record<string, string> = {}, handler?: Parameters<typeof createFakeApi>[0]) {
  const url = new URL(`${APP}/api/session/${path}`);
  const request = new Request(url, init);
  const api = createFakeApi(handler);
  const jar = createFakeCookieJar(cookies);
  const pending = proxySessionRequest({ request, url, cookies: jar.jar, clientIp: '203.0.113.7', fetchApi: api.fetchApi });
  return { pending, api, jar };
}

const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: APP, ...headers },
  body: JSON.stringify(body),
});

describe('apiPathOf', () => {
  test('keeps the path after /api/session/ as the browser encoded it', () => {
    expect(apiPathOf(new URL(`${APP}/api/session/founder/profile%20x?slug=a`))).toBe('founder/profile%20x');
  });
});

describe('forwarding', () => {
  test('forwards method, path, query, body and content type, adding the Bearer token from the cookie and the client address', async () => {
    const { pending, api } = call('feed-post?page=2', { method: 'PUT', headers: { 'content-type': 'application/json', origin: APP }, body: '{"a":1}' }, { token: 'jwt-1' });
    await pending;
    const [sent] = api.received;
    expect(sent.method).toBe('PUT');
    expect(sent.url.pathname + sent.url.search).toBe('/feed-post?page=2');
    expect(sent.body).toBe('{"a":1}');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(sent.headers.get('cf-connecting-ip')).toBe('203.0.113.7');
  });

  test('passes the browser’s Fetch Metadata on, so the API tells a followed link from a script call', async () => {
    const headers = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const { pending, api } = call('feed-post/o1/vote?pollId=p1', { headers }, { token: 'jwt-1' });
    await pending;
    expect(api.received[0].headers.get('sec-fetch-mode')).toBe('navigate');
    expect(api.received[0].headers.get('sec-fetch-dest')).toBe('document');
  });

  test('passes an incoming Authorization header through unchanged instead of the cookie', async () => {
    const { pending, api } = call('auth/me', { headers: { authorization: 'Bearer from-script' } }, { token: 'cookie-jwt' });
    await pending;
    expect(api.received[0].headers.get('authorization')).toBe('Bearer from-script');
  });

  test('sends no Authorization header for a visitor', async () => {
    const { pending, api } = call('health');
    await pending;
    expect(api.received[0].headers.has('authorization')).toBe(false);
  });

  test('answers the API status and error body unchanged', async () => {
    const body = { message: 'email: must be a valid address', status: 400, data: { fields: { email: 'must be a valid address' } } };
    const { pending } = call('users/register', jsonPost({ email: 'x' }), {}, () => Response.json(body, { status: 400 }));
    const response = await pending;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(body);
  });

  test('keeps headers such as Retry-After but never lets the API set cookies or CORS rules', async () => {
    const { pending } = call(
      'auth/me',
      {},
      {},
      () =>
        new Response('{}', {
          status: 429,
          headers: { 'retry-after': '30', 'set-cookie': 'x=1', 'content-type': 'application/json', 'access-control-allow-origin': 'http://127.0.0.1:4321' },
        }),
    );
    const response = await pending;
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('answers 502 with the generic message when the API cannot be reached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { pending } = call('auth/me', {}, {}, () => {
      throw new TypeError('network down');
    });
    const response = await pending;
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'Something went to wrong', status: 502, data: null });
    error.mockRestore();
  });
});

describe('cross-site protection', () => {
  test('refuses an unsafe request whose Origin is another site, without calling the API', async () => {
    const { pending, api } = call('auth/user-login', jsonPost({}, { origin: 'https://evil.example' }));
    const response = await pending;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site requests are not allowed.', status: 403, data: null });
    expect(api.received).toHaveLength(0);
  });

  test('refuses an unsafe request the browser marks as cross-site even without Origin', async () => {
    const { pending } = call('connection/1', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } });
    expect((await pending).status).toBe(403);
  });

  test('lets safe methods and same-origin or origin-less unsafe requests through', async () => {
    expect((await call('auth/me', { headers: { origin: 'https://evil.example' } }).pending).status).toBe(200);
    expect((await call('auth/user-login', jsonPost({})).pending).status).not.toBe(403);
    expect((await call('auth/user-login', { method: 'POST', body: '{}' }).pending).status).not.toBe(403);
  });
});

describe('login resolution through the proxy', () => {
  test('stores the jwt in cookies and answers only the user after a successful login', async () => {
    const user = makeUser();
    const { pending, jar } = call('auth/user-login', jsonPost({ email: 'a', password: 'b' }), {}, () => Response.json({ jwt: 'new-jwt', user }));
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user });
    expect(jar.set.get('token')?.value).toBe('new-jwt');
    expect(jar.set.get('token')?.options.httpOnly).toBe(true);
    expect(jar.set.get('isAdvisor')?.value).toBe('false');
  });

  test('remembers an advisor after verify-email', async () => {
    const { pending, jar } = call('auth/verify-email', jsonPost({}), {}, () => Response.json({ jwt: 'j', user: makeAdvisor() }));
    await pending;
    expect(jar.set.get('isAdvisor')?.value).toBe('true');
  });

  test('answers 400 Token not found and clears the cookies when the answer has no jwt', async () => {
    const { pending, jar } = call('auth/change-password', jsonPost({}), { token: 'old', isAdvisor: 'false' }, () => Response.json({ user: makeUser() }));
    const response = await pending;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Token not found', status: 400, data: null });
    expect([...jar.deleted.keys()].sort()).toEqual(['isAdvisor', 'token']);
  });

  test('answers 400 User Account not found when the answer has a jwt but no user', async () => {
    const { pending } = call('auth/user-login', jsonPost({}), {}, () => Response.json({ jwt: 'j' }));
    expect(((await (await pending).json()) as { message: string }).message).toBe('User Account not found');
  });

  test('resolves a reset of type reset but passes a reset request through untouched', async () => {
    const reset = call('auth/reset-password', jsonPost({ type: 'reset', code: 'c' }), {}, () => Response.json({ jwt: 'j', user: makeUser() }));
    expect(await (await reset.pending).json()).toEqual({ user: makeUser() });
    const request = call('auth/reset-password', jsonPost({ type: 'request', email: 'a@b.c' }), {}, () => Response.json({ ok: true, message: 'sent' }));
    expect(await (await request.pending).json()).toEqual({ ok: true, message: 'sent' });
    expect(request.jar.set.size + request.jar.deleted.size).toBe(0);
  });

  test('leaves the cookies alone when the API refuses a login', async () => {
    const { pending, jar } = call('auth/user-login', jsonPost({}), { token: 'keep' }, () =>
      Response.json({ message: 'Invalid email or password.', status: 401, data: null }, { status: 401 }),
    );
    expect((await pending).status).toBe(401);
    expect(jar.deleted.size).toBe(0);
  });
});

describe('rejected cookies', () => {
  test('answers the 401 and leaves the cookies alone: a newer session may have been set meanwhile (the next page load clears a dead one)', async () => {
    const { pending, jar } = call('auth/me', {}, { token: 'stale', isAdvisor: 'true' }, () =>
      Response.json({ message: 'Your session has expired. Please sign in again.', status: 401, data: null }, { status: 401 }),
    );
    const response = await pending;
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('Your session has expired. Please sign in again.');
    expect(jar.deleted.size).toBe(0);
    expect(jar.set.size).toBe(0);
  });

  test('keeps the cookie when the 401 answered a request that brought its own Authorization', async () => {
    const { pending, jar } = call('auth/me', { headers: { authorization: 'Bearer other' } }, { token: 'mine' }, () => new Response(null, { status: 401 }));
    await pending;
    expect(jar.deleted.size).toBe(0);
  });
});
