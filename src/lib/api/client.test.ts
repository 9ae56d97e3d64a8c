import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppError } from '../errors';
import { api, data, sendForm } from './client';
import { sessionStub } from './session-stub';
import { sessionFetch } from './session-fetch';
import { AUTH_REFUSED_EVENT } from '../session/ended';

function stubFetch(answer: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the typed client', () => {
  test('puts the API path under /api/session/ and reads the typed data', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    expect(await data(api.health.$get())).toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/session/health');
  });
});

describe('sendForm', () => {
  test('sends the form as the body and asks to hear its upload progress', async () => {
    const { api: stubbed, session } = sessionStub();
    session.mockResolvedValue({ _id: 'a1' });
    const form = new FormData();
    const progress = vi.fn();
    await data(sendForm(stubbed.upload.attachment.$post, {}, form, progress));
    expect(session).toHaveBeenCalledWith('upload/attachment', { method: 'POST', body: form, onProgress: progress });
  });
});

describe('sessionFetch', () => {
  test('sends JSON with the same-origin credentials and asks for JSON', async () => {
    const fetchMock = stubFetch(Response.json({ user: { _id: 'u1' } }));
    const response = await sessionFetch()('/api/session/auth/user-login', { method: 'POST', body: '{"email":"a@b.c"}', headers: { 'content-type': 'application/json' } });
    expect(await response.json()).toEqual({ user: { _id: 'u1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/session/auth/user-login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c"}');
    expect(init?.credentials).toBe('same-origin');
    expect(headerOf(init, 'content-type')).toBe('application/json');
    expect(headerOf(init, 'accept')).toBe('application/json');
  });

  test('lets small changes outlive the page (keepalive), never reads, uploads or large bodies', async () => {
    const fetchMock = stubFetch(Response.json({}));
    const send = sessionFetch();
    await send('/api/session/feed/comments/reply', { method: 'DELETE', body: '{"commentId":"c","replyId":"r"}' });
    await send('/api/session/connection/ignored/x', { method: 'PUT' });
    await send('/api/session/notifications');
    await send('/api/session/upload/attachment', { method: 'POST', body: new FormData() });
    await send('/api/session/feed/comments', { method: 'POST', body: JSON.stringify({ text: 'x'.repeat(20_000) }) });
    expect(fetchMock.mock.calls.map(([, init]) => init?.keepalive ?? false)).toEqual([true, true, false, false, false]);
  });

  test('uses GET without a method and passes extra headers', async () => {
    const fetchMock = stubFetch(Response.json({}));
    await sessionFetch()('/api/session/auth/me', { headers: { 'x-trace': '1' } });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.method).toBe('GET');
    expect(headerOf(init, 'x-trace')).toBe('1');
  });

  test('sends FormData as it is, for uploads', async () => {
    const fetchMock = stubFetch(Response.json({}));
    const form = new FormData();
    form.set('text', 'hello');
    await sessionFetch()('/api/session/feed-post', { method: 'POST', body: form });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(form);
  });

  test('throws the server error body as an AppError', async () => {
    stubFetch(Response.json({ message: 'Invalid email or password.', status: 401, data: null }, { status: 401 }));
    await expect(sessionFetch()('/api/session/auth/user-login', { method: 'POST', body: '{}' })).rejects.toMatchObject({ message: 'Invalid email or password.', status: 401 });
  });

  test('passes an abort on as it is: the caller gave up, nothing failed', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(aborted);
    const controller = new AbortController();
    controller.abort();
    await expect(sessionFetch()('/api/session/cities?search=la', { signal: controller.signal })).rejects.toBe(aborted);
    expect(errors).not.toHaveBeenCalled();
  });

  test('throws the generic AppError when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(new TypeError('Failed to fetch'));
    const error = await sessionFetch()('/api/session/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Something went to wrong', status: 500 });
  });
});

describe('data', () => {
  test('returns null for an empty answer', async () => {
    expect(await data(Promise.resolve(new Response(null, { status: 204 }) as never))).toBeNull();
  });
});

describe('a 401 answer', () => {
  test('tells the page, so that a member’s page checks whether its session ended elsewhere', async () => {
    const dispatched = vi.fn();
    vi.stubGlobal('dispatchEvent', dispatched);
    const fetchOf = (status: number) => sessionFetch(async () => Response.json({ message: 'm', status, data: null }, { status }));
    await expect(fetchOf(401)('/api/session/auth/me')).rejects.toBeInstanceOf(AppError);
    expect(dispatched).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ type: AUTH_REFUSED_EVENT }));
    await expect(fetchOf(403)('/api/session/admin/members')).rejects.toBeInstanceOf(AppError);
    expect(dispatched).toHaveBeenCalledTimes(1);
  });
});
