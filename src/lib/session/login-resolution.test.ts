import { describe, expect, test } from 'vitest';

// vitest does not read the tsconfig paths; point the alias at the real role rules.

import { resolveLogin } from './login-resolution';
import { makeAdvisor, makeUser } from './test-users';

describe('resolveLogin', () => {
  test('accepts an answer with a jwt and a user and remembers a founder as not an advisor', () => {
    const user = makeUser();
    expect(resolveLogin({ jwt: 'j.w.t', user })).toEqual({ ok: true, jwt: 'j.w.t', user, isAdvisor: false });
  });

  test('marks a user with an advisor record as an advisor', () => {
    const result = resolveLogin({ jwt: 'j', user: makeAdvisor() });
    expect(result.ok && result.isAdvisor).toBe(true);
  });

  test('refuses an answer without a jwt with Token not found and status 400', () => {
    const result = resolveLogin({ user: makeUser() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error.message, result.error.status]).toEqual(['Token not found', 400]);
  });

  test('treats an empty jwt as missing', () => {
    const result = resolveLogin({ jwt: '', user: makeUser() });
    expect(!result.ok && result.error.message).toBe('Token not found');
  });

  test('refuses an answer with a jwt but no user with User Account not found', () => {
    const result = resolveLogin({ jwt: 'j', user: null });
    expect(!result.ok && result.error.message).toBe('User Account not found');
  });

  test('checks the token before the user when both are missing', () => {
    for (const body of [{}, null, 'text', undefined]) {
      const result = resolveLogin(body);
      expect(!result.ok && result.error.message).toBe('Token not found');
    }
  });
});
