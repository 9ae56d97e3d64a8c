import { describe, expect, test } from 'vitest';
import { isSessionExempt } from './session-exempt';

describe('isSessionExempt', () => {
  test('skips built assets, favicons, files with extensions and dev-server modules', () => {
    for (const path of ['/_astro/index.abc123.js', '/favicon.svg', '/favicon.ico', '/robots.txt', '/icons/a.png', '/@vite/client']) {
      expect(isSessionExempt(path)).toBe(true);
    }
  });

  test('skips the session proxy, logout and register endpoints', () => {
    expect(isSessionExempt('/api/session/auth/me')).toBe(true);
    expect(isSessionExempt('/api/logout')).toBe(true);
    expect(isSessionExempt('/api/register')).toBe(true);
  });

  test('looks up the member for pages', () => {
    for (const path of ['/', '/sign-in', '/settings/password', '/admin', '/dev/mailbox']) {
      expect(isSessionExempt(path)).toBe(false);
    }
  });
});
