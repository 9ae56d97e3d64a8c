import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';
import { mediaKey } from './routes';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('GET /media/<key>', () => {
  it('answers a stored file with its content type, an ETag and a long cache', async () => {
    await env.MEDIA.put('avatars/ada/picture.png', PNG_BYTES, { httpMetadata: { contentType: 'image/png' } });
    const response = await get('/media/avatars/ada/picture.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('answers 304 when the client already has the current copy', async () => {
    await env.MEDIA.put('banners/etag-check.png', PNG_BYTES, { httpMetadata: { contentType: 'image/png' } });
    const first = await get('/media/banners/etag-check.png');
    await first.arrayBuffer();
    const second = await get('/media/banners/etag-check.png', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(second.status).toBe(304);
  });

  it('answers the JSON 404 for a missing file', async () => {
    const response = await get('/media/nothing/here.png');
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ message: 'Not found', status: 404, data: null });
  });

  it('is listed in the OpenAPI document', async () => {
    const spec = (await (await get('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/media/{key}');
  });
});

describe('mediaKey', () => {
  it('reads keys with slashes and percent-encoding', () => {
    expect(mediaKey('/media/avatars/a%20b.png')).toBe('avatars/a b.png');
  });

  it('refuses empty, dotted and malformed keys', () => {
    for (const path of ['/media/', '/media/a//b', '/media/../x', '/media/a/./b', '/media/%E0%A4%A']) {
      expect(mediaKey(path)).toBeNull();
    }
  });
});
