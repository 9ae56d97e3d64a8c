import { describe, expect, it } from 'vitest';
import { allowsThirdPartyScripts, isAuthPage, pageViewUrl } from './private-pages';

describe('pageViewUrl', () => {
  it('drops the reset code from /reset-password', () => {
    expect(pageViewUrl('https://foundermesh.app/reset-password?code=123456&email=a%40b.c')).toBe('https://foundermesh.app/reset-password');
  });

  it('drops the code and address from /verify-email, fragment included', () => {
    expect(pageViewUrl('https://foundermesh.app/verify-email?email=a%40b.c&code=1#x')).toBe('https://foundermesh.app/verify-email');
  });

  it('drops the return path from /sign-in, with or without a trailing slash', () => {
    expect(pageViewUrl('https://foundermesh.app/sign-in/?next=/inbox')).toBe('https://foundermesh.app/sign-in/');
  });

  it('keeps the query of any other page', () => {
    expect(pageViewUrl('https://foundermesh.app/founders?city=Berlin')).toBe('https://foundermesh.app/founders?city=Berlin');
  });
});

describe('auth pages', () => {
  it('counts the five pages of the sign-in flow and nothing else', () => {
    for (const path of ['/sign-in', '/register', '/verify-email', '/forgot-password', '/reset-password']) expect(isAuthPage(path)).toBe(true);
    expect(isAuthPage('/settings/password')).toBe(false);
  });

  it('loads no outside script on the two pages whose address carries a code', () => {
    expect(allowsThirdPartyScripts('/reset-password')).toBe(false);
    expect(allowsThirdPartyScripts('/verify-email/')).toBe(false);
    expect(allowsThirdPartyScripts('/sign-in')).toBe(true);
    expect(allowsThirdPartyScripts('/feed')).toBe(true);
  });
});
