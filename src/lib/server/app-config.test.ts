import { beforeEach, describe, expect, it, vi } from 'vitest';

const vars: Record<string, string> = {};
vi.mock('cloudflare:workers', () => ({ env: vars }));
const { appConfig } = await import('./app-config');

describe('appConfig', () => {
  beforeEach(() => {
    vars.MEDIA_BASE_URL = 'https://media.example.test';
  });

  it('reads the configuration once for the requests of one origin', () => {
    const first = appConfig(new URL('https://app.example.test/post/a-1'));
    expect(first).toMatchObject({ siteUrl: 'https://app.example.test', mediaBaseUrl: 'https://media.example.test/' });
    expect(appConfig(new URL('https://app.example.test/founder/b'))).toBe(first);
  });

  it('reads it again for another origin (the default site URL is the origin)', () => {
    const first = appConfig(new URL('https://app.example.test/'));
    const other = appConfig(new URL('http://127.0.0.1:4321/'));
    expect(other).not.toBe(first);
    expect(other.siteUrl).toBe('http://127.0.0.1:4321');
    expect(appConfig(new URL('https://app.example.test/')).siteUrl).toBe('https://app.example.test');
  });
});
