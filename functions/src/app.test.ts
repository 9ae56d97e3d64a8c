import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, call, get, post, registration, signedInMember } from '../test/api';
import worker from './index';
import { PROFILE_FORM_MAX_BYTES } from './profiles/upload-limit';

describe('the app', () => {
  it('answers the health check', async () => {
    const response = await get('/health');
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ ok: true });
  });

  it('answers unknown routes with the 404 error shape', async () => {
    const response = await get('/no/such/route');
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ message: 'Not found', status: 404, data: null });
  });

  it('answers a wrong method on a known path with a 405 naming the allowed ones, and logs it (ASVS 14.5.1)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const response = await call('DELETE', '/auth/user-login', undefined, { ip: '203.0.113.9' });
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(await bodyOf(response)).toEqual({ message: 'Method not allowed', status: 405, data: { allow: ['POST'] } });
      const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toContainEqual({ event: 'method_not_allowed', method: 'DELETE', path: '/auth/user-login', allow: ['POST'], ip: '203.0.113.9' });
    } finally {
      warn.mockRestore();
    }
  });

  it('matches paths with parameters, keeps HEAD for GET routes, and leaves unknown paths a silent 404', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const member = await signedInMember();
      const wrong = await call('GET', `/connection/accepted/${member.user.id}`, undefined, { token: member.jwt });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('Allow')).toBe('PUT');
      expect((await call('HEAD', '/health')).status).toBe(200);
      expect((await call('PATCH', '/health')).headers.get('Allow')).toBe('GET, HEAD');
      warn.mockClear();
      expect((await call('DELETE', '/no/such/route')).status).toBe(404);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses malformed JSON with a 400 naming the body', async () => {
    const response = await post('/auth/user-login', '{"email": "a@example.com",');
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      message: 'body: must be valid JSON',
      status: 400,
      data: { fields: { body: 'must be valid JSON' } },
    });
  });

  it('refuses a body that is not sent as JSON with a 415', async () => {
    const response = await post('/auth/user-login', 'email=a@example.com', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(await bodyOf(response)).toMatchObject({ status: 415, data: { fields: { body: 'must be sent as application/json' } } });
  });

  it('refuses a JSON body that is not an object, naming the body', async () => {
    const response = await post('/auth/user-login', [1, 2]);
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toMatchObject({ data: { fields: { body: 'must be an object' } } });
  });

  it('names every missing field, with friendly words', async () => {
    const response = await post('/auth/user-login', {});
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      message: 'email: is required; password: is required',
      status: 400,
      data: { fields: { email: 'is required', password: 'is required' } },
    });
  });

  it('names fields of the wrong type', async () => {
    const response = await post('/auth/user-login', { email: 42, password: true });
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).data.fields).toEqual({ email: 'must be text', password: 'must be text' });
  });

  it('reports an invalid address and a short password in one message', async () => {
    const response = await post('/users/register', registration({ email: 'not-an-address', password: 'short' }));
    expect(response.status).toBe(400);
    expect(await bodyOf(response)).toEqual({
      message: 'email: must be a valid address; password: must be at least 12 characters',
      status: 400,
      data: { fields: { email: 'must be a valid address', password: 'must be at least 12 characters' } },
    });
  });

  it('refuses a body over 64 KB with a 413 in the error shape', async () => {
    const response = await post('/auth/user-login', { email: 'big@example.com', password: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await bodyOf(response)).toMatchObject({ status: 413, message: expect.stringContaining('64 KB') });
  });

  it('reads a refused body to its end, with or without a length, and passes a streamed one within the limit whole', async () => {
    // A body left half read broke the next request on the local stack (request-body.ts).
    const KB = 1024;
    const streamed = (pieces: number, text = 'x'.repeat(KB)) => {
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled === pieces) return controller.close();
          pulled++;
          controller.enqueue(new TextEncoder().encode(text));
        },
      });
      return { stream, pulled: () => pulled };
    };
    const send = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      worker.fetch(
        new Request('http://api.test/auth/user-login', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit),
        env,
        createExecutionContext(),
      );
    for (const headers of [{}, { 'content-length': String(2048 * KB) }] as Record<string, string>[]) {
      const body = streamed(2048);
      const response = await send(body.stream, headers);
      expect(response.status).toBe(413);
      expect(body.pulled()).toBe(2048);
    }
    // A body within the limit that the route answers without reading (an unknown route): the entry reads it.
    const unread = streamed(60);
    const notFound = await worker.fetch(
      new Request('http://api.test/no/such/route', { method: 'POST', body: unread.stream, duplex: 'half' } as RequestInit),
      env,
      createExecutionContext(),
    );
    expect(notFound.status).toBe(404);
    expect(unread.pulled()).toBe(60);

    const login = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' });
    // Whole, the streamed login reaches the check of the password (a 400 would name a field it lost).
    const within = await send(streamed(1, login).stream);
    expect(within.status).toBe(401);
  });

  it('lets the profile forms carry pictures, up to their own limit', async () => {
    const headers = { 'Content-Type': 'multipart/form-data; boundary=x' };
    // Over 64 KB but under the form limit: the route reads it (and refuses it for other reasons).
    const roomy = await call('POST', '/founder/onboarding', 'x'.repeat(200 * 1024), { headers });
    expect(roomy.status).not.toBe(413);
    const huge = await call('POST', '/founder/onboarding', 'x'.repeat(PROFILE_FORM_MAX_BYTES + 1), { headers });
    expect(huge.status).toBe(413);
    expect(await bodyOf(huge)).toMatchObject({ status: 413, message: 'The request body is too large: 10 MB at most.' });
  });

  it('refuses a query parameter given twice instead of picking one of the values (parameter pollution)', async () => {
    for (const query of ['search=lag&limit=1&limit=50', 'search=lag&search=par']) {
      const response = await get(`/cities?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await bodyOf(response)).data.fields), query).toEqual([query.includes('limit') ? 'limit' : 'search']);
    }
  });

  it('answers JSON with its content type and names no server software or version', async () => {
    for (const response of [await get('/health'), await get('/no/such/route')]) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('server')).toBeNull();
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('answers the generic 500 when something unexpected breaks, without leaking details', async () => {
    const broken = { ...env, DB: undefined } as unknown as Env;
    const response = await post('/auth/user-login', { email: 'a@example.com', password: 'whatever-1' }, { env: broken });
    expect(response.status).toBe(500);
    expect(await bodyOf(response)).toEqual({ message: 'Something went to wrong', status: 500, data: null });
  });
});
