import { describe, expect, test } from 'vitest';
import { noticeFor, withNotice } from './notices';

describe('noticeFor', () => {
  test('maps a known key to its fixed text', () => {
    expect(noticeFor('password-changed')).toEqual({
      kind: 'success',
      text: 'Your password has been changed. Other devices have been signed out.',
    });
  });

  test('ignores unknown keys, inherited property names and missing values', () => {
    for (const key of ['<script>alert(1)</script>', 'toString', '__proto__', '', null, undefined]) {
      expect(noticeFor(key)).toBeNull();
    }
  });
});

describe('withNotice', () => {
  test('adds the key as the first or a further query parameter', () => {
    expect(withNotice('/', 'password-reset')).toBe('/?notice=password-reset');
    expect(withNotice('/verify-email?email=a%40b.c', 'code-sent')).toBe('/verify-email?email=a%40b.c&notice=code-sent');
  });
});
