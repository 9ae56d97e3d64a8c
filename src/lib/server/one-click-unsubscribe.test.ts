import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { isOneClickUnsubscribe, oneClickUnsubscribe } from './one-click-unsubscribe';

const APP = 'http://127.0.0.1:4321';
const TOKEN = 'u1.messages.c2lnbmF0dXJl';

function api(status: number) {
  const seen: Request[] = [];
  const fetchApi = vi.fn(async (request: Request) => {
    seen.push(request);
    return Response.json({}, { status });
  });
  return { fetchApi, seen };
}

const oneClick = (headers: Record<string, string> = {}) =>
  new Request(`${APP}/unsubscribe?token=${encodeURIComponent(TOKEN)}`, {
    method: 'POST',
    // As RFC 8058 has mail providers send it: a form body, no Origin of ours.
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: 'List-Unsubscribe=One-Click',
  });

describe('the one-click unsubscribe door of the app worker', () => {
  test('takes the POST of /unsubscribe only, before Astro', () => {
    expect(isOneClickUnsubscribe(oneClick(), new URL(`${APP}/unsubscribe?token=x`))).toBe(true);
    expect(isOneClickUnsubscribe(new Request(`${APP}/unsubscribe?token=x`), new URL(`${APP}/unsubscribe?token=x`))).toBe(false);
    expect(isOneClickUnsubscribe(oneClick(), new URL(`${APP}/unsubscribe/other`))).toBe(false);
  });

  test('forwards the token to the API’s POST /mail/unsubscribe with the visitor’s address, no cookie', async () => {
    const { fetchApi, seen } = api(200);
    const response = await oneClickUnsubscribe(oneClick({ cookie: 'token=jwt' }), fetchApi);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Unsubscribed.');
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`https://api.internal/mail/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(request!.headers.get('cf-connecting-ip')).toBe('203.0.113.7');
    expect(request!.headers.get('cookie')).toBeNull();
    expect(request!.headers.get('authorization')).toBeNull();
  });

  test('answers a bad token with 400 and an unreachable API with 502', async () => {
    expect((await oneClickUnsubscribe(oneClick(), api(400).fetchApi)).status).toBe(400);
    const down = vi.fn(async () => {
      throw new Error('down');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await oneClickUnsubscribe(oneClick(), down)).status).toBe(502);
    errors.mockRestore();
  });

  test('sends the page’s own form back to the page, which shows the outcome', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const done = await oneClickUnsubscribe(oneClick(html), api(200).fetchApi);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    const failed = await oneClickUnsubscribe(oneClick(html), api(400).fetchApi);
    expect(failed.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(TOKEN)}&failed=1`);
  });
});
