import { describe, expect, it } from 'vitest';
import { richText, safeHref, truncateTokens, type RichToken } from './rich-text';

const ADA = 'a'.repeat(24);
const BOB = 'b'.repeat(24);
const mentions = [
  { _id: ADA, slug: 'ada-lovelace', memberType: 'founder' as const },
  { _id: BOB, slug: 'bob', memberType: 'advisor' as const },
];
const links = (text: string) =>
  richText(text)
    .filter((token): token is Extract<RichToken, { type: 'link' }> => token.type === 'link')
    .map((token) => [token.label, token.href]);
const text = (value: string): RichToken => ({ type: 'text', value });

describe('richText: links (linkify-it)', () => {
  it.each([
    ['https://example.com/path?q=1#top', 'https://example.com/path?q=1#top'],
    ['http://example.com', 'http://example.com/'],
    ['www.example.org/jobs', 'http://www.example.org/jobs'],
    ['example.com', 'http://example.com/'],
    ['founder.dev', 'http://founder.dev/'],
    ['startup.ai/pricing', 'http://startup.ai/pricing'],
    ['acme.io', 'http://acme.io/'],
    ['github.com/org/repo', 'http://github.com/org/repo'],
    ['HTTPS://EXAMPLE.COM/A', 'https://example.com/A'],
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
  ])('turns %s into a link to %s', (input, href) => {
    expect(links(`see ${input} now`)).toEqual([[input, href]]);
  });

  it('turns emails into mailto links', () => {
    expect(links('write to ada@example.com.')).toEqual([['ada@example.com', 'mailto:ada@example.com']]);
    expect(links('mailto:team@acme.io')).toEqual([['mailto:team@acme.io', 'mailto:team@acme.io']]);
  });

  it.each([
    ['+1 (123) 456-7890', 'tel:+11234567890'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
    ['+49-30-1234567', 'tel:+49301234567'],
    ['+33.1.23.45.67.89', 'tel:+33123456789'],
    ['(123) 456-7890', 'tel:1234567890'],
    ['123-456-7890', 'tel:1234567890'],
    ['123.456.7890', 'tel:1234567890'],
  ])('turns the phone number %s into %s', (input, href) => {
    expect(links(`call ${input} today`)).toEqual([[input, href]]);
  });

  it.each(['2026-01-15', 'version 1.2.3', '1234567890', 'v2.0.1-beta', 'ISBN 978-3-16-148410-0', '+12', 'a+1 234 567 890', '1.5 million', '$1,000,000'])(
    'leaves %s as text',
    (input) => {
      expect(richText(input).every((token) => token.type === 'text')).toBe(true);
    },
  );

  it('leaves trailing punctuation out of links', () => {
    expect(links('(see https://example.com/a), then example.org!')).toEqual([
      ['https://example.com/a', 'https://example.com/a'],
      ['example.org', 'http://example.org/'],
    ]);
  });

  it('never links other schemes or protocol-relative addresses', () => {
    for (const input of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
      'ftp://files.example.com',
      '//evil.example/x',
      'file:///etc/passwd',
    ]) {
      expect(links(input), input).toEqual([]);
    }
  });

  it('does not take words with dots for domains', () => {
    expect(links('e.g. this, i.e. that, node.js and file.txt')).toEqual([]);
  });
});

describe('richText: hashtags', () => {
  it('finds tags of letters, digits and _ (not all digits), linking the lowercase tag', () => {
    expect(richText('Raising #SeedRound for #climate_tech #2026 #web3 #日本')).toEqual([
      text('Raising '),
      { type: 'hashtag', tag: 'seedround', label: '#SeedRound', href: '/feed?hashtag=seedround' },
      text(' for '),
      { type: 'hashtag', tag: 'climate_tech', label: '#climate_tech', href: '/feed?hashtag=climate_tech' },
      text(' #2026 '),
      { type: 'hashtag', tag: 'web3', label: '#web3', href: '/feed?hashtag=web3' },
      text(' '),
      { type: 'hashtag', tag: '日本', label: '#日本', href: `/feed?hashtag=${encodeURIComponent('日本')}` },
    ]);
  });

  it('ignores # inside words, entities, URLs and runs longer than 50', () => {
    for (const input of ['C#', 'a#b', '&#39;', '&#x27;', '##double', `#${'x'.repeat(51)}`]) {
      expect(
        richText(input).some((token) => token.type === 'hashtag'),
        input,
      ).toBe(false);
    }
    expect(richText('https://example.com/#section')).toEqual([{ type: 'link', href: 'https://example.com/#section', label: 'https://example.com/#section' }]);
    expect(richText('(#ok)')[1]).toMatchObject({ type: 'hashtag', tag: 'ok' });
  });
});

describe('richText: mentions', () => {
  it('links stored mentions to the profile and keeps the others as names without a link', () => {
    expect(richText(`Thanks @[Ada Lovelace](${ADA}), @[Bob](${BOB}) and @[Carol](${'c'.repeat(24)})!`, { mentions })).toEqual([
      text('Thanks '),
      { type: 'mention', userId: ADA, name: 'Ada Lovelace', href: '/founder/ada-lovelace' },
      text(', '),
      { type: 'mention', userId: BOB, name: 'Bob', href: '/advisor/bob' },
      text(' and '),
      { type: 'mention', userId: 'c'.repeat(24), name: 'Carol', href: null },
      text('!'),
    ]);
  });

  it('links nothing without the mentions list', () => {
    expect(richText(`@[Ada](${ADA})`)).toEqual([{ type: 'mention', userId: ADA, name: 'Ada', href: null }]);
  });

  it('keeps malformed mentions as text', () => {
    for (const input of ['@[x](javascript:alert(1))', '@[x](https://evil.example)', `@[](${ADA})`, `@[x](${ADA.toUpperCase()})`, '@[x](123)', `@[a\nb](${ADA})`]) {
      expect(
        richText(input, { mentions }).some((token) => token.type === 'mention' || (token.type === 'link' && !token.href.startsWith('http'))),
        input,
      ).toBe(false);
    }
  });

  it('reads a domain inside a mention name as part of the name', () => {
    expect(richText(`@[acme.com](${ADA})`, { mentions })).toEqual([{ type: 'mention', userId: ADA, name: 'acme.com', href: '/founder/ada-lovelace' }]);
  });

  it('drops direction controls from names and link labels', () => {
    const [mention] = richText(`@[\u202Eevil](${ADA})`, { mentions });
    expect(mention).toMatchObject({ name: 'evil' });
  });
});

describe('richText: YouTube', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    'https://youtu.be/dQw4w9WgXcQ',
    'youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'www.youtube.com/live/dQw4w9WgXcQ',
  ])('turns %s into a preview', (input) => {
    expect(richText(`watch ${input}`)).toEqual([text('watch '), { type: 'youtube', videoId: 'dQw4w9WgXcQ', href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }]);
  });

  it('keeps other YouTube addresses and look-alikes as links', () => {
    for (const input of [
      'https://www.youtube.com/@channel',
      'https://www.youtube.com/watch?v=short',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect(
        richText(input).map((token) => token.type),
        input,
      ).toEqual(['link']);
    }
  });
});

describe('richText: lines and edges', () => {
  it('turns line breaks (\\n, \\r\\n, \\r) into break tokens, keeping blank lines', () => {
    expect(richText('one\ntwo\r\n\r\nthree\rfour')).toEqual([
      text('one'),
      { type: 'break' },
      text('two'),
      { type: 'break' },
      { type: 'break' },
      text('three'),
      { type: 'break' },
      text('four'),
    ]);
  });

  it('answers no tokens for empty text, and plain text unchanged', () => {
    expect(richText('')).toEqual([]);
    expect(richText(null)).toEqual([]);
    expect(richText('<b>not bold</b> & "quoted"')).toEqual([text('<b>not bold</b> & "quoted"')]);
  });

  it('mixes everything in order', () => {
    const tokens = richText(`Hi @[Ada](${ADA}) see acme.io #launch\nhttps://youtu.be/dQw4w9WgXcQ`, { mentions });
    expect(tokens.map((token) => token.type)).toEqual(['text', 'mention', 'text', 'link', 'text', 'hashtag', 'break', 'youtube']);
  });
});

describe('safeHref', () => {
  it('keeps absolute http(s), mailto and tel addresses only', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('mailto:a@b.co')).toBe('mailto:a@b.co');
    expect(safeHref('tel:+1234')).toBe('tel:+1234');
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '/relative', '//host', 'blob:https://a/1'])
      expect(safeHref(bad), bad).toBeNull();
  });
});

describe('truncateTokens', () => {
  it('keeps everything that fits', () => {
    const tokens = richText('short #tag');
    expect(truncateTokens(tokens, 100)).toEqual({ tokens, truncated: false });
  });

  it('cuts text at the last space and leaves out a link that does not fit whole', () => {
    const tokens = richText('Read this long sentence then https://example.com/a-very-long-path');
    expect(truncateTokens(tokens, 20)).toEqual({ tokens: [text('Read this long')], truncated: true });
    expect(truncateTokens(tokens, 35)).toEqual({ tokens: [text('Read this long sentence then')], truncated: true });
  });

  it('never ends on a line break, and cuts a first long word hard', () => {
    expect(truncateTokens(richText('one\n\ntwo three'), 5)).toEqual({ tokens: [text('one')], truncated: true });
    expect(truncateTokens(richText('abcdefghij'), 4)).toEqual({ tokens: [text('abcd')], truncated: true });
  });
});

describe('richText: cost', () => {
  it('reads the longest post of hostile text quickly', () => {
    const hostile = ['+1 2 3 4 5 6 7 8 9 0 '.repeat(40), '#a'.repeat(300), `@[x](${'a'.repeat(23)}${' '.repeat(50)}`, 'http://a.'.repeat(100)].join('\n').slice(0, 3000);
    const started = performance.now();
    richText(hostile);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
