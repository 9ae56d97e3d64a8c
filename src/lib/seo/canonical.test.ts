import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalUrl } from './canonical';

describe('canonicalUrl', () => {
  it('is the current path on the configured site, without query or fragment', () => {
    expect(canonicalUrl('https://fm.example', '/founders/ada?ref=mail#top')).toBe('https://fm.example/founders/ada');
  });

  it('resolves an explicit path against the site', () => {
    expect(canonicalUrl('https://fm.example', '/anything', '/posts/hello')).toBe('https://fm.example/posts/hello');
  });

  it('keeps an explicit absolute URL as given', () => {
    expect(canonicalUrl('https://fm.example', '/x', 'https://other.example/p?q=1')).toBe('https://other.example/p?q=1');
  });

  it('ignores a blank explicit canonical and tolerates a trailing slash on the site', () => {
    expect(canonicalUrl('https://fm.example/', '/', '  ')).toBe('https://fm.example/');
  });
});

describe('absoluteUrl', () => {
  it('turns a site path into an absolute URL and keeps absolute ones', () => {
    expect(absoluteUrl('https://fm.example', '/og-image.png')).toBe('https://fm.example/og-image.png');
    expect(absoluteUrl('https://fm.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});
