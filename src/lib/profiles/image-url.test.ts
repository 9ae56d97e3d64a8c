import { expect, test } from 'vitest';
import { profileImageUrl } from './image-url';

test('an upload stored as /media/<key> is served once under the media base, never as /media/media/', () => {
  expect(profileImageUrl('/media/avatars/abc.png', '/media/')).toBe('/media/avatars/abc.png');
  expect(profileImageUrl('/media/banners/abc.webp', 'https://cdn.example.com/m/')).toBe('https://cdn.example.com/m/banners/abc.webp');
});

test('absolute addresses and other paths follow the usual media rules', () => {
  expect(profileImageUrl('https://images.example.com/a.jpg', '/media/')).toBe('https://images.example.com/a.jpg');
  expect(profileImageUrl('legacy/a.jpg', '/media/')).toBe('/media/legacy/a.jpg');
  expect(profileImageUrl(null, '/media/')).toBe('');
});
