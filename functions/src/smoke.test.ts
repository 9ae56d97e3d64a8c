import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from './index';
describe('smoke', () => {
  it('reads D1', async () => {
    const res = await app.request('/health', {}, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, env: 'development' });
  });
});
