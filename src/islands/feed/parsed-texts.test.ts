import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parsedTexts } from '../../lib/feed/parsed-texts';
import type { InitialFeed } from '../../lib/feed/state';
import type { FeedPost } from '../../lib/feed/types';
import { richText } from '../../lib/text/rich-text';
import { richTextKey } from '../../lib/text/rich-tokens';
import { loadParser, ParsedTexts } from './parsed-texts';
import { RichText } from './RichText';

const ID = '0123456789abcdef01234567';
const mentions = [{ _id: ID, slug: 'ada', memberType: 'founder' as const }];
const TEXT = `Hi @[Ada](${ID}) see acme.io #Go\nbye`;

const initial = (texts: string[]): InitialFeed =>
  ({
    filters: { group: null, hashtag: null },
    page: { data: texts.map((text, index) => ({ _id: `p${index}`, text, mentions })), page: 1, pages: 1, total: texts.length },
    pinned: [{ _id: 'pinned', text: 'Pinned #Rules', mentions: [] }],
    groups: [],
    error: null,
  }) as unknown as InitialFeed;

describe("the feed's parsed texts", () => {
  it("keys each first-page and pinned post's tokens by its text and mentions", () => {
    const parsed = parsedTexts(initial([TEXT]));
    expect(parsed[richTextKey(TEXT, mentions)]).toEqual(richText(TEXT, { mentions }));
    expect(parsed[richTextKey('Pinned #Rules', [])]).toEqual(richText('Pinned #Rules'));
    // The same text with other mentions is another text: its profile links differ.
    expect(parsed[richTextKey(TEXT, [])]).toBeUndefined();
    expect(Object.keys(parsedTexts(initial([''])))).toHaveLength(1);
  });

  it('shows a text the server parsed without the parser, and any other as plain text until the parser loads', async () => {
    const parsed = parsedTexts(initial([TEXT]));
    const server = renderToStaticMarkup(
      createElement(ParsedTexts.Provider, { value: parsed }, createElement(RichText, { text: TEXT, mentions: mentions as FeedPost['mentions'] })),
    );
    expect(server).toContain('<a class="rt-mention" href="/founder/ada">@Ada</a>');
    expect(server).toContain('<a class="rt-link" href="http://acme.io/" rel="nofollow ugc noopener" target="_blank">acme.io</a>');
    expect(server).toContain('<a class="rt-hashtag" href="/feed?hashtag=go">#Go</a><br/>bye');

    const unseen = renderToStaticMarkup(createElement(RichText, { text: 'New at acme.io\nline two' }));
    expect(unseen).toBe('<div class="rich-text" dir="auto">New at acme.io<br/>line two</div>');

    await loadParser();
    const loaded = renderToStaticMarkup(createElement(RichText, { text: 'New at acme.io\nline two' }));
    expect(loaded).toContain('New at <a class="rt-link" href="http://acme.io/" rel="nofollow ugc noopener" target="_blank">acme.io</a><br/>line two');
  });
});
