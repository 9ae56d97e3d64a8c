import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './port';
import { plausibleRequest } from './plausible';
import { cloudflareBeaconAttribute } from './cloudflare';

const view = { url: 'https://fm.example/feed?x=1', referrer: 'https://search.example/' };

describe('createAnalytics', () => {
  it('sends nothing when no provider is configured', () => {
    const send = vi.fn(() => Promise.resolve());
    createAnalytics({ provider: '' }, send).pageView(view);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing itself for Cloudflare, whose beacon counts page views', () => {
    const send = vi.fn(() => Promise.resolve());
    createAnalytics({ provider: 'cloudflare', token: 't' }, send).pageView(view);
    expect(send).not.toHaveBeenCalled();
  });

  it('posts exactly one Plausible page view per call to the configured endpoint', () => {
    const send = vi.fn(() => Promise.resolve());
    const port = createAnalytics({ provider: 'plausible', domain: 'fm.example', endpoint: 'https://p.example/api/event' }, send);
    port.pageView(view);
    expect(send).toHaveBeenCalledTimes(1);
    const [endpoint, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(endpoint).toBe('https://p.example/api/event');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'pageview',
      url: 'https://fm.example/feed?x=1',
      domain: 'fm.example',
      referrer: 'https://search.example/',
    });
  });

  it('swallows a failed report instead of raising an unhandled rejection', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const port = createAnalytics({ provider: 'plausible', domain: 'd', endpoint: 'https://p.example' }, send);
    expect(() => port.pageView(view)).not.toThrow();
    await Promise.resolve();
  });
});

describe('plausibleRequest', () => {
  it('sends JSON as text/plain with keepalive and without cookies', () => {
    const { init } = plausibleRequest({ domain: 'd', endpoint: 'e' }, { url: 'u', referrer: '' });
    expect(init.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(init.keepalive).toBe(true);
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body)).referrer).toBeNull();
  });
});

describe('cloudflareBeaconAttribute', () => {
  it('carries the token and turns SPA mode on', () => {
    expect(JSON.parse(cloudflareBeaconAttribute('abc'))).toEqual({ token: 'abc', spa: true });
  });
});
