import { describe, expect, it } from 'vitest';
import { checkPassword } from './checker';
import { newPasswordProblem, readStrength } from './strength';

describe('the password strength reading', () => {
  it('says nothing for an empty field', () => {
    expect(readStrength({ password: '', common: false, score: 0 })).toEqual({ value: 0, label: '', problem: null });
  });

  it('refuses what the API refuses: under 12 characters, or a common password', () => {
    expect(readStrength({ password: 'eleven-char', common: false, score: 3 })).toEqual({ value: 0, label: 'Too short', problem: 'Use at least 12 characters.' });
    expect(readStrength({ password: 'qwerty123456', common: true, score: 0 })).toMatchObject({ value: 0, label: 'Too common' });
    expect(newPasswordProblem('twelve chars', false)).toBeNull();
  });

  it('reads the zxcvbn score once the rule is met', () => {
    expect(readStrength({ password: 'twelve chars', common: false, score: 1 })).toEqual({ value: 1, label: 'Weak', problem: null });
    expect(readStrength({ password: 'correct horse battery', common: false, score: 4 })).toEqual({ value: 4, label: 'Strong', problem: null });
  });
});

describe('the password checker', () => {
  it('finds common passwords whatever their case, and scores with the member’s own words', () => {
    expect(checkPassword('QWERTY123456', []).common).toBe(true);
    expect(checkPassword('demo-password-2026', []).common).toBe(false);
    expect(checkPassword('correct horse battery staple', []).score).toBe(4);
    expect(checkPassword('zorblaxquentin', ['Zorblax', 'Quentin']).score).toBeLessThan(checkPassword('zorblaxquentin', []).score);
  });
});
