import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name';

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('falls back to the email address when there is no name', () => {
    expect(displayName({ firstName: ' ', lastName: null, email: 'ada@example.com' })).toBe('ada@example.com');
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
  });

  it('uses the first letter of the email address when there is no name', () => {
    expect(initials({ email: 'zed@example.com' })).toBe('Z');
  });
});
