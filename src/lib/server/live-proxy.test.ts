import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { cookieValue, isLivePath, LIVE_CROSS_ORIGIN_MESSAGE, proxyLiveRequest } from './live-proxy';

const APP = 'http://127.0.0.1:4402';
const LIVE = `${APP}/socket.io/?EIO=4&transport=websocket&userId=u1&connectionId=t1`;
const handshake = { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' };

function forward(headers: Record<string, string>) {
  const seen: Request[] = [];
  const fetchApi = vi.fn(async (request: Request) => {
    seen.push(request);
    return new Response(null, { status: 204 });
  });
  return { pending: proxyLiveRequest(new Request(LIVE, { headers }), fetchApi), seen };
}

describe('the live connection door of the app worker', () => {
  test('forwards the upgrade to the API with the token cookie as the Bearer token and no Cookie header', async () => {
    const { pending, seen } = forward({ ...handshake, origin: APP, cookie: 'theme=dark; token=jwt.value.sig; isAdvisor=false' });
    expect((await pending).status).toBe(204);
    const [request] = seen;
    expect(request!.url).toBe('https://api.internal/socket.io/?EIO=4&transport=websocket&userId=u1&connectionId=t1');
    expect(request!.headers.get('authorization')).toBe('Bearer jwt.value.sig');
    expect(request!.headers.get('cookie')).toBeNull();
    expect(request!.headers.get('upgrade')).toBe('websocket');
    expect(request!.headers.get('sec-websocket-key')).toBe(handshake['sec-websocket-key']);
  });

  test('forwards without a token when there is no cookie (the API answers 401)', async () => {
    const { pending, seen } = forward(handshake);
    await pending;
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });

  test('refuses a page of another origin with 403 and never calls the API', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:9999']) {
      const { pending, seen } = forward({ ...handshake, origin, cookie: 'token=jwt' });
      const response = await pending;
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({ message: LIVE_CROSS_ORIGIN_MESSAGE, status: 403, data: null });
      expect(seen).toEqual([]);
    }
  });

  test('knows its paths and reads cookies exactly by name', () => {
    expect(isLivePath('/socket.io/')).toBe(true);
    expect(isLivePath('/socket.io')).toBe(true);
    expect(isLivePath('/socket.iox')).toBe(false);
    expect(cookieValue('xtoken=a; token=b', 'token')).toBe('b');
    expect(cookieValue('token=', 'token')).toBeUndefined();
    expect(cookieValue(null, 'token')).toBeUndefined();
    expect(cookieValue('token=%E0%A4%A', 'token')).toBeUndefined();
  });
});
