import { describe, expect, test } from 'vitest';
import { linkifyAppUrls } from './mail-links';

const app = ['http://127.0.0.1:4321', 'http://127.0.0.1:4402'];

describe('linkifyAppUrls', () => {
  test('turns an app URL into a link to the same path on this site', () => {
    expect(linkifyAppUrls('Open http://127.0.0.1:4321/verify-email?email=a%40b.c&code=123456 now', app)).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://127.0.0.1:4321/verify-email?email=a%40b.c&code=123456',
        href: '/verify-email?email=a%40b.c&code=123456',
      },
      { kind: 'text', text: ' now' },
    ]);
  });

  test('leaves addresses of other sites and other schemes as text', () => {
    expect(linkifyAppUrls('See https://evil.example/x and javascript:alert(1)', app)).toEqual([{ kind: 'text', text: 'See https://evil.example/x and javascript:alert(1)' }]);
  });

  test('keeps sentence punctuation out of the link', () => {
    const segments = linkifyAppUrls('Reset here: http://127.0.0.1:4402/reset-password?code=abc.', app);
    expect(segments.at(-2)).toEqual({ kind: 'link', text: 'http://127.0.0.1:4402/reset-password?code=abc', href: '/reset-password?code=abc' });
    expect(segments.at(-1)).toEqual({ kind: 'text', text: '.' });
  });

  test('keeps markup in the text as plain text for the page to escape', () => {
    expect(linkifyAppUrls('<b>Hi</b>', app)).toEqual([{ kind: 'text', text: '<b>Hi</b>' }]);
  });

  test('returns no segments for empty text', () => {
    expect(linkifyAppUrls('', app)).toEqual([]);
  });
});
