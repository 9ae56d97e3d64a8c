import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { createFakeApi } from '../server/fake-api';
import { createFakeCookieJar } from './fake-cookie-jar';
import { serverClient } from '../server/api-client';
import { SESSION_ISSUING_PATHS, SESSION_ISSUING_ROUTES, signIn } from './sign-in';
import { makeUser } from './test-users';

const url = new URL('https://foundermesh.dev/sign-in');

describe('signIn', () => {
  test('posts the form to the API and stores the session it answers', async () => {
    const user = makeUser();
    const api = createFakeApi(() => Response.json({ jwt: 'fresh', user }));
    const { jar, set } = createFakeCookieJar();
    const result = await signIn('auth/user-login', { email: 'a@b.c', password: 'pw' }, { cookies: jar, url, clientIp: '192.0.2.1', fetchApi: api.fetchApi });
    expect(result).toEqual({ ok: true, user });
    expect(JSON.parse(api.received[0].body)).toEqual({ email: 'a@b.c', password: 'pw' });
    expect(api.received[0].headers.has('authorization')).toBe(false);
    expect(set.get('token')).toMatchObject({ value: 'fresh', options: { httpOnly: true, secure: true } });
  });

  test('sends the current token as Bearer for change-password', async () => {
    const api = createFakeApi(() => Response.json({ jwt: 'newer', user: makeUser() }));
    const { jar, set } = createFakeCookieJar({ token: 'current' });
    await signIn('auth/change-password', { currentPassword: 'a', password: 'b', passwordConfirmation: 'b' }, { cookies: jar, url, fetchApi: api.fetchApi });
    expect(api.received[0].headers.get('authorization')).toBe('Bearer current');
    expect(set.get('token')?.value).toBe('newer');
  });

  test('returns the API refusal and changes no cookie', async () => {
    const api = createFakeApi(() =>
      Response.json({ message: 'This code is invalid or has expired.', status: 400, data: { fields: { code: 'is invalid or has expired' } } }, { status: 400 }),
    );
    const { jar, set, deleted } = createFakeCookieJar();
    const result = await signIn('auth/verify-email', { email: 'a@b.c', code: '000000' }, { cookies: jar, url, fetchApi: api.fetchApi });
    expect(!result.ok && result.error.message).toBe('This code is invalid or has expired.');
    expect(set.size + deleted.size).toBe(0);
  });

  test('clears the session when a successful answer lacks the token', async () => {
    const api = createFakeApi(() => Response.json({ user: makeUser() }));
    const { jar, deleted } = createFakeCookieJar({ token: 'old' });
    const result = await signIn(
      'auth/reset-password',
      { type: 'reset', code: 'c0de', password: 'a long password', passwordConfirmation: 'a long password' },
      { cookies: jar, url, fetchApi: api.fetchApi },
    );
    expect(!result.ok && result.error.message).toBe('Token not found');
    expect(deleted.has('token')).toBe(true);
  });
});

describe('SESSION_ISSUING_PATHS', () => {
  test('names each session-issuing route by the path the API serves it at', () => {
    const client = serverClient();
    for (const path of SESSION_ISSUING_PATHS) expect(SESSION_ISSUING_ROUTES[path](client).$url().pathname).toBe(`/${path}`);
  });
});
