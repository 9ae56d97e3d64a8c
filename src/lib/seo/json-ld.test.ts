import { describe, expect, it } from 'vitest';
import { organizationJsonLd, serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  it('cannot be closed early by a </script> inside a value', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain('<');
    expect(out).toContain('\\u003c/script\\u003e');
  });

  it('escapes comment openers, ampersands and line separators too', () => {
    const out = serializeJsonLd({ a: '<!-- x & y \u2028 \u2029' });
    expect(out).toBe('{"a":"\\u003c!-- x \\u0026 y \\u2028 \\u2029"}');
  });

  it('still parses back to exactly the same data', () => {
    const data = { '@type': 'Thing', name: 'a < b > c & d', list: ['</script>', 1, true, null] };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});

describe('organizationJsonLd', () => {
  it('describes FounderMesh with its URL, logo and social profiles', () => {
    expect(organizationJsonLd('https://fm.example', ['https://x.com/foundermesh'])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'FounderMesh',
      url: 'https://fm.example/',
      logo: 'https://fm.example/icon-512.png',
      sameAs: ['https://x.com/foundermesh'],
    });
  });

  it('leaves sameAs out when there are no social links', () => {
    expect(organizationJsonLd('https://fm.example', [])).not.toHaveProperty('sameAs');
  });
});
