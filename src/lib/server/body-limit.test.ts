import { describe, expect, test, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ env: {} }));

import { MESSAGE_FORM_MAX_BYTES } from '@api/inbox/upload-limit';
import { POST_FORM_MAX_BYTES } from '@api/feed/upload-limit';
import { PROFILE_FORM_MAX_BYTES } from '@api/profiles/upload-limit';
import { createFakeApi } from './fake-api';
import { createFakeCookieJar } from '../session/fake-cookie-jar';
import { AppError } from '../errors';
import { proxyBodyLimit, readBodyWithin } from './body-limit';
import { proxySessionRequest } from './session-proxy';

const APP = 'http://127.0.0.1:4402';
const KB = 1024;

/** A body that arrives in `chunks` pieces of `size` bytes, without a length; counts the pieces the reader pulled. */
function chunkedBody(chunks: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/session/auth/me`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('proxyBodyLimit', () => {
  test('is the API’s limit for the path: the file forms their own, JSON 64 KB', () => {
    expect(proxyBodyLimit('POST', 'feed-post')).toBe(POST_FORM_MAX_BYTES);
    expect(proxyBodyLimit('PUT', 'feed-post/abc')).toBe(POST_FORM_MAX_BYTES);
    expect(proxyBodyLimit('POST', 'connections/messages')).toBe(MESSAGE_FORM_MAX_BYTES);
    expect(proxyBodyLimit('POST', 'upload/attachment')).toBe(MESSAGE_FORM_MAX_BYTES);
    expect(proxyBodyLimit('PUT', 'founder/profile')).toBe(PROFILE_FORM_MAX_BYTES);
    expect(proxyBodyLimit('POST', 'auth/login')).toBe(64 * KB);
    expect(proxyBodyLimit('DELETE', 'feed-post/abc')).toBe(64 * KB);
    expect(POST_FORM_MAX_BYTES).toBeGreaterThan(50 * KB * KB);
  });
});

describe('readBodyWithin', () => {
  // A refused body is read to its end, not cancelled: left half read, it breaks the next request on the local stack.
  test('refuses a declared Content-Length over the limit, and reads the rest to its end', async () => {
    const body = chunkedBody(1000, KB);
    const result = await readBodyWithin(streamed(body.stream, { 'content-length': String(64 * KB + 1) }), 64 * KB);
    expect(result).toBeInstanceOf(AppError);
    expect((result as AppError).toJSON()).toEqual({ message: 'The request body is too large: 64 KB at most.', status: 413, data: { maxBytes: 64 * KB } });
    expect(body.pulled()).toBe(1000);
  });

  test('refuses a chunked body that passes the limit, and reads the rest to its end', async () => {
    const body = chunkedBody(1000, KB);
    const result = await readBodyWithin(streamed(body.stream), 10 * KB);
    expect((result as AppError).status).toBe(413);
    expect(body.pulled()).toBe(1000);
  });

  test('refuses a body longer than its Content-Length said', async () => {
    const body = chunkedBody(40, KB);
    const result = await readBodyWithin(streamed(body.stream, { 'content-length': '100' }), 10 * KB);
    expect((result as AppError).status).toBe(413);
  });

  test('passes a body of exactly the limit, byte for byte', async () => {
    const body = chunkedBody(10, KB);
    const result = await readBodyWithin(streamed(body.stream), 10 * KB);
    expect(result).toBeInstanceOf(ArrayBuffer);
    expect((result as ArrayBuffer).byteLength).toBe(10 * KB);
    expect(new Uint8Array(result as ArrayBuffer).every((byte) => byte === 0x61)).toBe(true);
  });
});

describe('the session proxy’s body limit', () => {
  function send(path: string, init: RequestInit) {
    const url = new URL(`${APP}/api/session/${path}`);
    const api = createFakeApi();
    const pending = proxySessionRequest({ request: new Request(url, init), url, cookies: createFakeCookieJar({ token: 'jwt-1' }).jar, fetchApi: api.fetchApi });
    return { pending, api };
  }

  test('answers 413 in the API’s shape for JSON over 64 KB, and never calls the API', async () => {
    const { pending, api } = send('auth/me', { method: 'PUT', headers: { origin: APP, 'content-type': 'application/json' }, body: JSON.stringify({ bio: 'x'.repeat(64 * KB) }) });
    const response = await pending;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large: 64 KB at most.', status: 413, data: { maxBytes: 64 * KB } });
    expect(api.received).toEqual([]);
  });

  test('forwards a post form over 64 KB (its limit is the post form’s), and refuses a streamed one past it', async () => {
    const form = new FormData();
    form.append('media', new File([new Uint8Array(200 * KB)], 'clip.mp4'));
    const { pending, api } = send('feed-post', { method: 'POST', headers: { origin: APP }, body: form });
    expect((await pending).status).toBe(200);
    expect(api.received).toHaveLength(1);

    const body = chunkedBody(Math.ceil(POST_FORM_MAX_BYTES / (1024 * KB)) + 1, 1024 * KB);
    const over = send('feed-post', {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'multipart/form-data; boundary=x' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    const refused = await over.pending;
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe('The request body is too large: 50 MB at most.');
    expect(over.api.received).toEqual([]);
  });
});
