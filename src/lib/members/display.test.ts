import { describe, expect, test } from 'vitest';
import { avatarUrl, nameInitials } from './display';

describe('nameInitials', () => {
  test('takes the first and last word of a name', () => {
    expect(nameInitials('Ada Lovelace')).toBe('AL');
    expect(nameInitials('  maya  van der Berg ')).toBe('MB');
    expect(nameInitials('Cher')).toBe('C');
  });
  test('shows a question mark for an empty name', () => {
    expect(nameInitials('   ')).toBe('?');
  });
});

describe('avatarUrl', () => {
  test('puts stored paths under the media base and keeps full addresses', () => {
    expect(avatarUrl({ avatar: 'avatars/a.png' })).toBe('/media/avatars/a.png');
    expect(avatarUrl({ avatar: 'avatars/a.png' }, 'https://media.foundermesh.app/')).toBe('https://media.foundermesh.app/avatars/a.png');
    expect(avatarUrl({ avatar: 'https://cdn.example/a.png' })).toBe('https://cdn.example/a.png');
  });
  test('answers null without a picture, so initials show', () => {
    expect(avatarUrl({ avatar: null })).toBeNull();
    expect(avatarUrl({ avatar: ' ' })).toBeNull();
  });
});
