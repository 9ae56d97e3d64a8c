import { afterEach, describe, expect, test, vi } from 'vitest';
import { browserTransport, type UploadInit } from './upload-transport';

type ProgressLike = { lengthComputable: boolean; loaded: number; total: number };

/** Just enough of XMLHttpRequest: records the request, reports progress, answers `reply`. */
function stubXhr(reply: { status: number; body: string } | 'network-error') {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown; withCredentials: boolean }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    private listeners: Record<string, () => void> = {};
    private progress: ((event: ProgressLike) => void) | null = null;
    upload = { addEventListener: (_type: string, listener: (event: ProgressLike) => void) => (this.progress = listener) };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = listener;
    }
    send(body: unknown) {
      sent.push({ ...this.request, body, withCredentials: this.withCredentials });
      this.progress?.({ lengthComputable: true, loaded: 1, total: 4 });
      if (reply === 'network-error') return this.listeners.error?.();
      this.status = reply.status;
      this.responseText = reply.body;
      this.listeners.load?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('browserTransport', () => {
  test('sends a body that asks for progress with XMLHttpRequest and reports it', async () => {
    const sent = stubXhr({ status: 201, body: '{"_id":"p1"}' });
    const progress: number[] = [];
    const form = new FormData();
    const init: UploadInit = { method: 'POST', body: form, headers: { accept: 'application/json' }, onUploadProgress: (percent) => progress.push(percent) };
    const response = await browserTransport('/api/session/feed-post', init);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ _id: 'p1' });
    expect(progress).toEqual([25]);
    expect(sent).toEqual([{ method: 'POST', url: '/api/session/feed-post', headers: { accept: 'application/json' }, body: form, withCredentials: true }]);
  });

  test('answers an empty body as an empty Response', async () => {
    stubXhr({ status: 204, body: '' });
    const response = await browserTransport('/api/session/x', { method: 'PUT', onUploadProgress: () => {} } as UploadInit);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  test('fails with the generic error when the upload cannot reach the server', async () => {
    stubXhr('network-error');
    await expect(browserTransport('/api/session/x', { method: 'POST', onUploadProgress: () => {} } as UploadInit)).rejects.toMatchObject({
      message: 'Something went to wrong',
      status: 0,
    });
  });

  test('sends every other request with fetch', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await browserTransport('/api/session/health', { method: 'GET' });
    expect(fetchMock).toHaveBeenCalledWith('/api/session/health', { method: 'GET' });
  });
});
