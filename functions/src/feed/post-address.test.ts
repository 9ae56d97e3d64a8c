import { describe, expect, test } from 'vitest';
import { postSlugFromAddress } from './post-address';

describe('a post address pasted by an administrator', () => {
  test('names its slug as a full address, a path or the slug alone', () => {
    expect(postSlugFromAddress('https://foundermesh.example/post/hiring-a-cto-1a2b3c')).toBe('hiring-a-cto-1a2b3c');
    expect(postSlugFromAddress('http://127.0.0.1:4321/post/hiring-a-cto-1a2b3c/?utm=x#comments')).toBe('hiring-a-cto-1a2b3c');
    expect(postSlugFromAddress('  /post/hiring-a-cto-1a2b3c  ')).toBe('hiring-a-cto-1a2b3c');
    expect(postSlugFromAddress('post/hiring-a-cto-1a2b3c')).toBe('hiring-a-cto-1a2b3c');
    expect(postSlugFromAddress('hiring-a-cto-1a2b3c')).toBe('hiring-a-cto-1a2b3c');
    expect(postSlugFromAddress('https://foundermesh.example/post/caf%C3%A9-1a2b3c')).toBe('café-1a2b3c');
  });

  test('is refused when it is another page, another scheme or not a slug', () => {
    for (const text of [
      '',
      'https://foundermesh.example/founder/ada-lovelace',
      'https://foundermesh.example/',
      'https://foundermesh.example/post/',
      'javascript:alert(1)',
      'ftp://foundermesh.example/post/x-1a2b3c',
      'two words',
      '/post/a/b',
      '/post/%E0%A4%A',
      '<b>x</b>',
      'x'.repeat(121),
    ]) {
      expect(postSlugFromAddress(text), text).toBeNull();
    }
  });
});
