import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import { logoutSession, registerAccount, session, sessionUrl } from './client';

function stubFetch(answer: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sessionUrl', () => {
  test('puts the API path under /api/session/', () => {
    expect(sessionUrl('auth/me')).toBe('/api/session/auth/me');
    expect(sessionUrl('/feed-post?page=1')).toBe('/api/session/feed-post?page=1');
  });
});

describe('session', () => {
  test('sends JSON with the same-origin credentials and returns the data', async () => {
    const fetchMock = stubFetch(Response.json({ user: { _id: 'u1' } }));
    const data = await session('auth/user-login', { method: 'POST', body: { email: 'a@b.c' } });
    expect(data).toEqual({ user: { _id: 'u1' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/session/auth/user-login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  test('lets small changes outlive the page (keepalive), never reads, uploads or large bodies', async () => {
    const fetchMock = stubFetch(Response.json({}));
    await session('feed/comments/reply', { method: 'DELETE', body: { commentId: 'c', replyId: 'r' } });
    await session('connection/ignored/x', { method: 'PUT' });
    await session('notifications');
    await session('upload/attachment', { method: 'POST', body: new FormData() });
    await session('feed/comments', { method: 'POST', body: { text: 'x'.repeat(20_000) } });
    expect(fetchMock.mock.calls.map(([, init]) => init?.keepalive ?? false)).toEqual([true, true, false, false, false]);
  });

  test('uses GET without a body and passes extra headers', async () => {
    const fetchMock = stubFetch(Response.json({}));
    await session('auth/me', { headers: { 'x-trace': '1' } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>)['x-trace']).toBe('1');
  });

  test('sends FormData as it is, for uploads', async () => {
    const fetchMock = stubFetch(Response.json({}));
    const form = new FormData();
    form.set('text', 'hello');
    await session('feed-post', { body: form });
    expect(fetchMock.mock.calls[0][1]?.body).toBe(form);
  });

  test('throws the server error body as an AppError', async () => {
    stubFetch(Response.json({ message: 'Invalid email or password.', status: 401, data: null }, { status: 401 }));
    await expect(session('auth/user-login', { body: {} })).rejects.toMatchObject({ message: 'Invalid email or password.', status: 401 });
  });

  test('throws the generic AppError when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(new TypeError('Failed to fetch'));
    const error = await session('auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Something went to wrong', status: 500 });
  });

  test('returns null for an empty answer', async () => {
    stubFetch(new Response(null, { status: 204 }));
    expect(await session('notifications/seen?id=1', { method: 'PATCH' })).toBeNull();
  });
});

describe('registerAccount and logoutSession', () => {
  test('post to the app endpoints and read their true answer', async () => {
    const fetchMock = stubFetch(Response.json(true));
    expect(await registerAccount({ email: 'a@b.c' })).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/register');
    stubFetch(Response.json(true));
    expect(await logoutSession()).toBe(true);
  });

  test('throw the server message and status when logout fails', async () => {
    stubFetch(Response.json({ message: 'Cross-site requests are not allowed.', status: 403, data: null }, { status: 403 }));
    await expect(logoutSession()).rejects.toMatchObject({ message: 'Cross-site requests are not allowed.', status: 403 });
  });
});
