import { describe, expect, it } from 'vitest';
import { pathAfterPasswordSignIn } from './common-password-sign-in';

const url = new URL('http://127.0.0.1:4321/sign-in?next=/inbox');

describe('pathAfterPasswordSignIn', () => {
  it('sends a member who signed in with a common password to change it, whatever its case', () => {
    expect(pathAfterPasswordSignIn(url, { onboarded: true }, 'qwertyuiop12')).toBe('/settings/password?notice=common-password');
    expect(pathAfterPasswordSignIn(url, { onboarded: false }, 'Password1')).toBe('/settings/password?notice=common-password');
  });

  it('sends everyone else on as usual: the next page, or onboarding', () => {
    expect(pathAfterPasswordSignIn(url, { onboarded: true }, 'kestrel-lantern-orbit-93')).toBe('/inbox');
    expect(pathAfterPasswordSignIn(new URL('http://127.0.0.1:4321/sign-in'), { onboarded: false }, 'kestrel-lantern-orbit-93')).toBe('/onboarding');
  });
});
