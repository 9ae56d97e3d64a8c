import { describe, expect, it } from 'vitest';
import { mediaUrl, DEFAULT_MEDIA_BASE } from './media-url';

describe('mediaUrl', () => {
  it('keeps https and http URLs exactly as they are', () => {
    expect(mediaUrl('https://cdn.example.com/a.png', '/media/')).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl('http://cdn.example.com/a.png?x=1', '/media/')).toBe('http://cdn.example.com/a.png?x=1');
  });

  it('recognises the scheme whatever its letter case', () => {
    expect(mediaUrl('HTTPS://cdn.example.com/a.png', '/media/')).toBe('HTTPS://cdn.example.com/a.png');
  });

  it('prefixes a bare path with the media base', () => {
    expect(mediaUrl('uploads/a.png', '/media/')).toBe('/media/uploads/a.png');
  });

  it('joins with exactly one slash whether the base or the path carries it', () => {
    expect(mediaUrl('/uploads/a.png', '/media/')).toBe('/media/uploads/a.png');
    expect(mediaUrl('uploads/a.png', '/media')).toBe('/media/uploads/a.png');
    expect(mediaUrl('//uploads/a.png', 'https://media.example.com//')).toBe('https://media.example.com/uploads/a.png');
  });

  it('works with an absolute media base', () => {
    expect(mediaUrl('a.png', 'https://media.example.com/files')).toBe('https://media.example.com/files/a.png');
  });

  it('prefixes other schemes and look-alikes, which are not web addresses', () => {
    expect(mediaUrl('ftp://host/a.png', '/media/')).toBe('/media/ftp://host/a.png');
    expect(mediaUrl('httpsfoo/a.png', '/media/')).toBe('/media/httpsfoo/a.png');
  });

  it('gives an empty string for empty, blank, null and undefined values', () => {
    expect(mediaUrl('', '/media/')).toBe('');
    expect(mediaUrl('   \n', '/media/')).toBe('');
    expect(mediaUrl(null, '/media/')).toBe('');
    expect(mediaUrl(undefined, '/media/')).toBe('');
  });

  it('trims surrounding whitespace before deciding', () => {
    expect(mediaUrl('  https://cdn.example.com/a.png ', '/media/')).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl(' a.png ', '/media/')).toBe('/media/a.png');
  });

  it('uses /media/ when no base is given', () => {
    expect(DEFAULT_MEDIA_BASE).toBe('/media/');
    expect(mediaUrl('a.png')).toBe('/media/a.png');
  });

  it('gives a root-relative path when the base is empty', () => {
    expect(mediaUrl('a.png', '')).toBe('/a.png');
  });
});
