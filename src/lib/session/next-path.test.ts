import { describe, expect, test } from 'vitest';
import { afterSignInPath, safeNextPath, signInPathFor } from './next-path';

describe('safeNextPath', () => {
  test('keeps a relative path with its query and hash', () => {
    expect(safeNextPath('/settings/password?tab=1#top')).toBe('/settings/password?tab=1#top');
  });

  test('refuses absolute and protocol-relative addresses', () => {
    for (const value of ['https://evil.example/', 'http:evil.example', '//evil.example/x', 'javascript:alert(1)']) {
      expect(safeNextPath(value)).toBeNull();
    }
  });

  test('refuses backslash and control-character tricks that browsers normalise into another host', () => {
    for (const value of ['/\\evil.example', '/\tevil', '/\nevil', '\\/evil.example']) {
      expect(safeNextPath(value)).toBeNull();
    }
  });

  test('keeps percent-encoded characters, which browsers do not normalise', () => {
    expect(safeNextPath('/search?q=%0a')).toBe('/search?q=%0a');
  });

  test('refuses missing, empty, relative-without-slash and very long values', () => {
    for (const value of [null, undefined, '', 'settings', `/${'a'.repeat(1100)}`]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });

  test('refuses endpoints under /api', () => {
    expect(safeNextPath('/api/logout')).toBeNull();
    expect(safeNextPath('/api')).toBeNull();
    expect(safeNextPath('/apiary')).toBe('/apiary');
  });

  test('resolves dot segments so the result stays on the site', () => {
    expect(safeNextPath('/a/../admin')).toBe('/admin');
    expect(safeNextPath('/./feed')).toBe('/feed');
  });

  test('refuses paths that become protocol-relative once their dot segments resolve', () => {
    const family = [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E//evil.example',
      '/%2e%2e//evil.example',
      '/.%2e//evil.example',
      '/a/..//evil.example',
      '/a/b/../..//evil.example',
      '/././/evil.example',
      '/.//evil.example/path?x=1#h',
      '/.///evil.example',
      '/./%2fevil.example',
    ];
    for (const value of family) {
      const next = safeNextPath(value);
      // Either refused, or a path a browser keeps on this site.
      if (next !== null) expect(new URL(next, 'https://app.example').host).toBe('app.example');
      expect(next === null || !/^\/[/\\]/.test(next)).toBe(true);
    }
    for (const value of family.slice(0, 11)) expect(safeNextPath(value)).toBeNull();
  });

  test('never lets afterSignInPath leave the site for any of the family', () => {
    for (const next of ['/.//evil.example', '/..//evil.example', '/%2e//evil.example']) {
      const url = new URL(`https://app.example/sign-in?next=${encodeURIComponent(next)}`);
      expect(afterSignInPath(url)).toBe('/');
    }
  });
});

describe('signInPathFor', () => {
  test('carries the page and its query in next', () => {
    expect(signInPathFor(new URL('http://x.test/settings/password?a=1&b=2'))).toBe('/sign-in?next=%2Fsettings%2Fpassword%3Fa%3D1%26b%3D2');
  });

  test('leaves next out for the home page', () => {
    expect(signInPathFor(new URL('http://x.test/'))).toBe('/sign-in');
  });
});

describe('afterSignInPath', () => {
  test('honours a safe next and falls back to the home page otherwise', () => {
    expect(afterSignInPath(new URL('http://x.test/sign-in?next=%2Fadmin'))).toBe('/admin');
    expect(afterSignInPath(new URL('http://x.test/sign-in?next=https%3A%2F%2Fevil.example'))).toBe('/');
    expect(afterSignInPath(new URL('http://x.test/sign-in'))).toBe('/');
  });

  test('sends a member who has not finished onboarding there, unless a next page was asked for', () => {
    expect(afterSignInPath(new URL('http://x.test/sign-in'), { onboarded: false })).toBe('/onboarding');
    expect(afterSignInPath(new URL('http://x.test/sign-in'), { onboarded: true })).toBe('/');
    expect(afterSignInPath(new URL('http://x.test/sign-in?next=%2Fsettings%2Fprivacy'), { onboarded: false })).toBe('/settings/privacy');
  });
});
