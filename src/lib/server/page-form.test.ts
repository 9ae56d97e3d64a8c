import { describe, expect, test } from 'vitest';
import { isPagePost, UNREADABLE_FORM_MESSAGE, unreadableForm } from './page-form';

const APP = 'http://127.0.0.1:4402';
const post = (path: string, body: BodyInit, contentType?: string) =>
  new Request(`${APP}${path}`, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });

describe('isPagePost', () => {
  test('is a POST to a page, not to the endpoints, the session proxy or the social sign-in flow', () => {
    for (const path of ['/sign-in', '/register', '/settings/password', '/admin/reports', '/unsubscribe']) expect(isPagePost(post(path, ''), new URL(path, APP))).toBe(true);
    for (const path of ['/api/register', '/api/session/auth/me', '/auth/google/callback']) expect(isPagePost(post(path, ''), new URL(path, APP))).toBe(false);
    expect(isPagePost(new Request(`${APP}/sign-in`), new URL('/sign-in', APP))).toBe(false);
  });
});

describe('unreadableForm', () => {
  test('answers 400 for JSON, text and a broken multipart body, in plain words', async () => {
    const bodies = [
      post('/sign-in', '{"email":"a@b.example"}', 'application/json'),
      post('/sign-in', 'hello', 'text/plain'),
      post('/sign-in', '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nhello', 'multipart/form-data; boundary=zzz'),
      post('/sign-in', 'email=a', 'multipart/form-data'),
    ];
    for (const request of bodies) {
      const refused = await unreadableForm(request);
      expect(refused?.status).toBe(400);
      expect(await refused?.text()).toBe(UNREADABLE_FORM_MESSAGE);
    }
  });

  test('lets a form through, and the page can still read it', async () => {
    const request = post('/sign-in', 'email=a%40b.example&password=x', 'application/x-www-form-urlencoded');
    expect(await unreadableForm(request)).toBeNull();
    expect((await request.formData()).get('email')).toBe('a@b.example');
  });
});
