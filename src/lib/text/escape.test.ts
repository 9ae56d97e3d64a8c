import { describe, expect, it } from 'vitest';
import { escapeText } from './escape';

describe('escapeText', () => {
  it('escapes each of the six characters of SPEC.md §5 to its entity', () => {
    expect(escapeText('&')).toBe('&amp;');
    expect(escapeText('<')).toBe('&lt;');
    expect(escapeText('>')).toBe('&gt;');
    expect(escapeText('"')).toBe('&quot;');
    expect(escapeText("'")).toBe('&#39;');
    expect(escapeText('`')).toBe('&#96;');
  });

  it('turns a script tag into inert text', () => {
    expect(escapeText('<script>alert("x")</script>')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('escapes an ampersand only once, so existing entities show literally', () => {
    expect(escapeText('&lt; & &amp;')).toBe('&amp;lt; &amp; &amp;amp;');
  });

  it('breaks out of neither a quoted attribute nor a template literal', () => {
    expect(escapeText(`" onmouseover='x' \`\${1}\``)).toBe('&quot; onmouseover=&#39;x&#39; &#96;${1}&#96;');
  });

  it('leaves ordinary text, accents, emoji and newlines untouched', () => {
    const text = 'Café für Gründer 🚀\nline two';
    expect(escapeText(text)).toBe(text);
  });

  it('gives an empty string for null, undefined and the empty string', () => {
    expect(escapeText(null)).toBe('');
    expect(escapeText(undefined)).toBe('');
    expect(escapeText('')).toBe('');
  });
});
