import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig, parseUrlList, readVariable, toOrigin } from './config';

const ORIGIN = 'http://127.0.0.1:4321';

describe('parseConfig', () => {
  it('needs no variables at all: request origin, /media/, placeholder social links, no analytics, no chat', () => {
    expect(parseConfig({}, ORIGIN)).toEqual({
      siteUrl: ORIGIN,
      mediaBaseUrl: '/media/',
      socialLinks: ['https://www.linkedin.com/company/foundermesh', 'https://x.com/foundermesh'],
      analytics: { provider: '' },
      chat: { provider: '' },
    });
  });

  it('uses SITE_URL as an origin, dropping any path and trailing slash', () => {
    expect(parseConfig({ SITE_URL: 'https://foundermesh.example/some/path/' }, ORIGIN).siteUrl).toBe('https://foundermesh.example');
  });

  it('falls back to the request origin when SITE_URL is blank or not a web URL', () => {
    expect(parseConfig({ SITE_URL: '   ' }, ORIGIN).siteUrl).toBe(ORIGIN);
    expect(parseConfig({ SITE_URL: 'not a url' }, ORIGIN).siteUrl).toBe(ORIGIN);
    expect(parseConfig({ SITE_URL: 'ftp://files.example' }, ORIGIN).siteUrl).toBe(ORIGIN);
  });

  it('ends the media base with exactly one slash', () => {
    expect(parseConfig({ MEDIA_BASE_URL: 'https://cdn.example/media' }, ORIGIN).mediaBaseUrl).toBe('https://cdn.example/media/');
    expect(parseConfig({ MEDIA_BASE_URL: '/files/' }, ORIGIN).mediaBaseUrl).toBe('/files/');
  });

  it('reads social links from a comma-separated list', () => {
    expect(parseConfig({ SOCIAL_LINKS: ' https://a.example/x , https://b.example/y ' }, ORIGIN).socialLinks).toEqual(['https://a.example/x', 'https://b.example/y']);
  });

  it('configures Plausible with the site host as domain and the public endpoint by default', () => {
    const config = parseConfig({ ANALYTICS_PROVIDER: 'plausible', SITE_URL: 'https://foundermesh.example' }, ORIGIN);
    expect(config.analytics).toEqual({
      provider: 'plausible',
      domain: 'foundermesh.example',
      endpoint: 'https://plausible.io/api/event',
    });
  });

  it('takes the Plausible domain and endpoint from their variables', () => {
    const config = parseConfig({ ANALYTICS_PROVIDER: 'Plausible', PLAUSIBLE_DOMAIN: 'fm.example', PLAUSIBLE_ENDPOINT: 'https://stats.example/api/event' }, ORIGIN);
    expect(config.analytics).toEqual({ provider: 'plausible', domain: 'fm.example', endpoint: 'https://stats.example/api/event' });
  });

  it('configures Cloudflare Web Analytics only when a token is set', () => {
    expect(parseConfig({ ANALYTICS_PROVIDER: 'cloudflare', CF_ANALYTICS_TOKEN: 'abc' }, ORIGIN).analytics).toEqual({
      provider: 'cloudflare',
      token: 'abc',
    });
    expect(parseConfig({ ANALYTICS_PROVIDER: 'cloudflare' }, ORIGIN).analytics).toEqual({ provider: '' });
  });

  it('switches analytics off for an unknown provider', () => {
    expect(parseConfig({ ANALYTICS_PROVIDER: 'google' }, ORIGIN).analytics).toEqual({ provider: '' });
  });

  it('configures Crisp only when a website id is set', () => {
    expect(parseConfig({ CHAT_PROVIDER: 'crisp', CHAT_WEBSITE_ID: 'site-1' }, ORIGIN).chat).toEqual({
      provider: 'crisp',
      websiteId: 'site-1',
    });
    expect(parseConfig({ CHAT_PROVIDER: 'crisp' }, ORIGIN).chat).toEqual({ provider: '' });
    expect(parseConfig({ CHAT_PROVIDER: 'intercom', CHAT_WEBSITE_ID: 'x' }, ORIGIN).chat).toEqual({ provider: '' });
  });

  it('ignores variables that are not strings (bindings share the env object)', () => {
    expect(parseConfig({ SITE_URL: { fetch() {} }, MEDIA_BASE_URL: 42 }, ORIGIN)).toMatchObject({
      siteUrl: ORIGIN,
      mediaBaseUrl: '/media/',
    });
  });
});

describe('readVariable', () => {
  it('returns the trimmed value, or the default from the table when unset or blank', () => {
    expect(readVariable({ CHAT_WEBSITE_ID: '  id  ' }, 'CHAT_WEBSITE_ID')).toBe('id');
    expect(readVariable({ PLAUSIBLE_ENDPOINT: ' ' }, 'PLAUSIBLE_ENDPOINT')).toBe(CONFIG_VARIABLES.PLAUSIBLE_ENDPOINT.default);
  });
});

describe('parseUrlList', () => {
  it('drops empty entries and anything that is not an http(s) URL', () => {
    expect(parseUrlList('https://a.example,, javascript:alert(1) ,mailto:x@y.z,http://b.example')).toEqual(['https://a.example', 'http://b.example']);
  });
});

describe('toOrigin', () => {
  it('keeps scheme, host and port only', () => {
    expect(toOrigin('http://localhost:8787/a?b#c')).toBe('http://localhost:8787');
    expect(toOrigin('')).toBe('');
  });
});
