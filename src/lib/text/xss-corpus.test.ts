import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser } from '../../islands/feed/parsed-texts';
import { RichText, RichTextBody } from '../../islands/feed/RichText';
import { richText, type RichToken } from './rich-text';
import { XSS_CORPUS } from './xss-corpus';

const ID = '0123456789abcdef01234567';
const mentions = [{ _id: ID, slug: 'ada', memberType: 'founder' as const }];
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:\+?\d+$|\/feed\?hashtag=|\/(founder|advisor)\/)/;
const TOKEN_KEYS: Record<RichToken['type'], string[]> = {
  text: ['type', 'value'],
  break: ['type'],
  link: ['href', 'label', 'type'],
  hashtag: ['href', 'label', 'tag', 'type'],
  mention: ['href', 'name', 'type', 'userId'],
  youtube: ['href', 'type', 'videoId'],
};

/** Every host element of a rendered tree with its props (function components are called). */
function hostElements(node: ReactNode, found: { type: string; props: Record<string, unknown> }[] = []) {
  if (Array.isArray(node)) node.forEach((child) => hostElements(child, found));
  else if (isValidElement(node)) {
    const element = node as ReactElement<Record<string, unknown>>;
    if (typeof element.type === 'string') found.push({ type: element.type, props: element.props });
    const rendered = typeof element.type === 'function' ? (element.type as (props: unknown) => ReactNode)(element.props) : element.props.children;
    hostElements(rendered as ReactNode, found);
  }
  return found;
}

describe('the XSS corpus', () => {
  it('has more than 50 payloads, all different', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(50);
    expect(new Set(XSS_CORPUS).size).toBe(XSS_CORPUS.length);
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('tokenizes %j to safe tokens only', (payload) => {
    const tokens = richText(payload, { mentions });
    for (const token of tokens) {
      expect(Object.keys(token).sort()).toEqual(TOKEN_KEYS[token.type]);
      if ('href' in token && token.href !== null) {
        expect(token.href).toMatch(SAFE_HREF);
        expect(token.href).not.toMatch(/^\s*(javascript|data|vbscript):|["<>\s]/i);
      }
      if (token.type === 'youtube') expect(token.videoId).toMatch(/^[\w-]{11}$/);
      if (token.type === 'hashtag') expect(token.tag).toMatch(/^[\p{L}\p{N}_]+$/u);
    }
    // Nothing is lost or decoded: what is not a link, tag or mention stays the raw text.
    const plain = tokens
      .filter((token) => token.type === 'text')
      .map((token) => token.value)
      .join('');
    for (const piece of plain.split(/\s+/)) expect(payload.replace(/\r\n?/g, '\n')).toContain(piece);
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('renders %j with no handler, no HTML and safe addresses', (payload) => {
    const elements = hostElements(RichTextBody({ tokens: richText(payload, { mentions }) }));
    for (const { type, props } of elements) {
      expect(['a', 'br', 'youtube-preview', 'img', 'button', 'svg', 'path']).toContain(type);
      expect(Object.keys(props).filter((name) => /^on|dangerouslySetInnerHTML|srcdoc|formaction/i.test(name))).toEqual([]);
      for (const name of ['href', 'src']) if (name in props) expect(String(props[name])).toMatch(/^(https?:\/\/|mailto:|tel:|\/feed\?|\/(founder|advisor)\/)/);
    }
    const markup = renderToStaticMarkup(createElement(RichText, { text: payload, mentions }));
    expect(markup).not.toMatch(/<(script|iframe|object|embed|style|svg onload|img src=x|math|base|meta|link|form|template|noscript|details|marquee|input|body)\b/i);
  });
});

describe('RichText markup', () => {
  // The island parses a text the server did not once the parser has loaded (src/islands/feed/parsed-texts.tsx).
  beforeAll(async () => {
    await loadParser();
  });

  it('escapes text, marks external links nofollow ugc, and renders previews the server can send as they are', () => {
    const markup = renderToStaticMarkup(createElement(RichText, { text: `<b>hi</b> #Go @[Ada](${ID}) acme.io\nhttps://youtu.be/dQw4w9WgXcQ`, mentions }));
    expect(markup).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(markup).toContain('<a class="rt-hashtag" href="/feed?hashtag=go">#Go</a>');
    expect(markup).toContain('<a class="rt-mention" href="/founder/ada">@Ada</a>');
    expect(markup).toContain('<a class="rt-link" href="http://acme.io/" rel="nofollow ugc noopener" target="_blank">acme.io</a><br/>');
    expect(markup).toContain('<youtube-preview video-id="dQw4w9WgXcQ" class="yt-preview"><img class="yt-thumb" src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(markup).toContain('<button type="button" class="yt-play" aria-label="Play YouTube video">');
    expect(markup).toContain(
      '<a class="yt-link" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow ugc noopener" target="_blank">Watch on YouTube</a></youtube-preview>',
    );
  });

  it('shows a mention that is not stored as plain text, and mailto/tel links in the same tab', () => {
    const markup = renderToStaticMarkup(createElement(RichText, { text: `@[Ghost](${'f'.repeat(24)}) a@b.io +1 (123) 456-7890` }));
    expect(markup).toContain('@Ghost <a class="rt-link" href="mailto:a@b.io">a@b.io</a> <a class="rt-link" href="tel:+11234567890">+1 (123) 456-7890</a>');
  });
});

describe('RichText "See more"', () => {
  it('shows the preview with an ellipsis and a collapsed toggle past the limit, and everything below it', () => {
    const long = renderToStaticMarkup(createElement(RichText, { text: 'one two three four five six', limit: 10 }));
    expect(long).toBe('<div class="rich-text" dir="auto">one two… <button type="button" class="rt-more" aria-expanded="false">See more</button></div>');
    expect(renderToStaticMarkup(createElement(RichText, { text: 'short', limit: 10 }))).toBe('<div class="rich-text" dir="auto">short</div>');
    expect(renderToStaticMarkup(createElement(RichText, { text: '' }))).toBe('');
  });
});
