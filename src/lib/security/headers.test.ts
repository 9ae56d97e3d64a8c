import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { headersToSet, isLocalHost, securityHeaders } from './headers';

type PolicyConfig = Pick<AppConfig, 'mediaBaseUrl' | 'analytics' | 'chat'>;
const DEFAULT: PolicyConfig = { mediaBaseUrl: '/media/', analytics: { provider: '' }, chat: { provider: '' } };
const HASHES = ["'sha256-abc='", "'sha256-def='"];

function headersFor(config: Partial<PolicyConfig> = {}, { url = 'https://foundermesh.app/feed', isPrivate = false } = {}) {
  return securityHeaders({ url: new URL(url), config: { ...DEFAULT, ...config }, scriptHashes: HASHES, private: isPrivate });
}

/** The policy as a map of directive to its sources. */
function policy(headers: Record<string, string>): Map<string, string[]> {
  const csp = headers['Content-Security-Policy'] ?? '';
  return new Map(csp.split('; ').map((part) => [part.split(' ')[0] ?? '', part.split(' ').slice(1)]));
}

describe('the Content-Security-Policy', () => {
  it('allows only this origin and the inline scripts by hash in the default configuration', () => {
    const directives = policy(headersFor());
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'", ...HASHES]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(headersFor()['Content-Security-Policy']).not.toMatch(/crisp|cloudflareinsights|plausible|unsafe-eval/);
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('always allows the YouTube preview: thumbnails and the privacy-enhanced player', () => {
    const directives = policy(headersFor());
    expect(directives.get('img-src')).toContain('https://i.ytimg.com');
    expect(directives.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
  });

  it('lets pages report to the Plausible endpoint only when Plausible is on', () => {
    const directives = policy(headersFor({ analytics: { provider: 'plausible', domain: 'x.test', endpoint: 'https://stats.example.org/api/event' } }));
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://stats.example.org']);
    expect(directives.get('script-src')).toEqual(["'self'", ...HASHES]);
  });

  it('adds the beacon script and its report origin only with Cloudflare analytics', () => {
    const directives = policy(headersFor({ analytics: { provider: 'cloudflare', token: 't' } }));
    expect(directives.get('script-src')).toContain('https://static.cloudflareinsights.com');
    expect(directives.get('connect-src')).toContain('https://cloudflareinsights.com');
  });

  it('adds Crisp origins for scripts, sockets, pictures and frames only with the Crisp chat', () => {
    const directives = policy(headersFor({ chat: { provider: 'crisp', websiteId: 'w' } }));
    expect(directives.get('script-src')).toContain('https://client.crisp.chat');
    expect(directives.get('connect-src')).toContain('wss://client.relay.crisp.chat');
    expect(directives.get('img-src')).toContain('https://image.crisp.chat');
    expect(directives.get('frame-src')).toContain('https://game.crisp.chat');
  });

  it('adds the media origin when media are served from elsewhere', () => {
    const directives = policy(headersFor({ mediaBaseUrl: 'https://media.example.org/files/' }));
    expect(directives.get('img-src')).toContain('https://media.example.org');
    expect(directives.get('media-src')).toContain('https://media.example.org');
    expect(policy(headersFor()).get('img-src')).not.toContain('/media/');
  });
});

describe('the other headers', () => {
  it('forbid sniffing and framing and send only the origin to other sites', () => {
    const headers = headersFor();
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('send HSTS and upgrade insecure requests outside a local stack only', () => {
    expect(headersFor()['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(headersFor()['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    for (const url of ['http://localhost:4321/', 'http://127.0.0.1:4399/feed', 'http://[::1]:4321/', 'http://app.localhost/']) {
      expect(headersFor({}, { url })['Strict-Transport-Security']).toBeUndefined();
      expect(headersFor({}, { url })['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('forbid caching of a private page and leave a public one alone', () => {
    expect(headersFor({}, { isPrivate: true })['Cache-Control']).toBe('no-store');
    expect(headersFor()['Cache-Control']).toBeUndefined();
  });
});

describe('isLocalHost', () => {
  it('tells this machine from a public host', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('foundermesh.app')).toBe(false);
    expect(isLocalHost('localhost.example.com')).toBe(false);
  });
});

describe('headersToSet', () => {
  const SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

  it('keeps the policy an API answer carries, such as an attachment’s sandbox, and sets the other headers', () => {
    const attachment = new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml', 'Content-Security-Policy': SANDBOX } });
    const set = headersToSet(attachment, headersFor());
    expect(set['Content-Security-Policy']).toBeUndefined();
    expect(set['X-Content-Type-Options']).toBe('nosniff');
    expect(set['X-Frame-Options']).toBe('DENY');
  });

  it('gives a page, which carries no policy of its own, the page policy', () => {
    const page = new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
    expect(headersToSet(page, headersFor())['Content-Security-Policy']).toBe(headersFor()['Content-Security-Policy']);
  });
});
