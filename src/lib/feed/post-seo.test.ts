import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../seo/json-ld';
import { commentFixture, postFixture, replyFixture } from './post-page-fixtures';
import {
  openGraphArticleTags,
  plainMentions,
  POST_DESCRIPTION_MAX,
  POST_HEADLINE_MAX,
  postDescription,
  postDocumentTitle,
  postHeadline,
  postJsonLd,
  postPath,
  postShareImage,
  SITEMAP_MAX_URLS,
  siteSitemapXml,
} from './post-seo';

const SITE = 'https://fm.example';
const OPTIONS = { siteUrl: SITE, mediaBase: '/media/' };

describe('post address, title and description', () => {
  it('puts posts under /post', () => {
    expect(postPath('shipping-day-abc123')).toBe('/post/shipping-day-abc123');
  });

  it('reads mention tokens as the names readers see', () => {
    expect(plainMentions('hi @[Helen Park](bbbbbbbbbbbbbbbbbbbbbbbb) and @[x](javascript:alert(1))')).toBe('hi @Helen Park and @[x](javascript:alert(1))');
  });

  it('titles the page with the first words of the post and the author', () => {
    expect(postHeadline(postFixture({ text: 'Short news\nsecond line' }))).toBe('Short news second line');
    expect(postDocumentTitle(postFixture({ text: 'Short news' }))).toBe('Short news · Ada Lovelace | FounderMesh');
  });

  it('cuts a long text at a word for the headline and the description', () => {
    const post = postFixture({ text: 'engine '.repeat(100) });
    expect(postHeadline(post).length).toBeLessThanOrEqual(POST_HEADLINE_MAX);
    expect(postHeadline(post)).toMatch(/engine…$/);
    expect(postDescription(post).length).toBeLessThanOrEqual(POST_DESCRIPTION_MAX);
  });

  it('falls back to the poll question, then to who posted what', () => {
    expect(postHeadline(postFixture({ text: '  ' }))).toBe('Which loom next?');
    const bare = postFixture({ text: '', poll: null });
    expect(postHeadline(bare)).toBe('Post by Ada Lovelace');
    expect(postDocumentTitle(bare)).toBe('Post by Ada Lovelace | FounderMesh');
    expect(postDescription(bare)).toBe('Ada Lovelace shared a picture on FounderMesh.');
    expect(postDescription(postFixture({ text: '', poll: null, media: [{ _id: 'v', url: 'posts/v.mp4', mime: 'video/mp4', alt: null, width: null, height: null }] }))).toBe(
      'Ada Lovelace shared a video on FounderMesh.',
    );
  });
});

describe('previews', () => {
  it('shares the first picture as an absolute URL with its alt text, skipping videos and placeholders', () => {
    const post = postFixture();
    expect(postShareImage(post, SITE, '/media/')).toEqual({ url: 'https://fm.example/media/posts/m1.webp', alt: 'The engine on a bench', width: 1200, height: 800 });
    const media = [
      { _id: 'p', url: '', mime: 'progress', alt: null, width: null, height: null },
      { _id: 'v', url: 'posts/v.mp4', mime: 'video/mp4', alt: null, width: null, height: null },
    ];
    expect(postShareImage(postFixture({ media }), SITE, '/media/')).toBeNull();
  });

  it('tags the article with its times, author, section, hashtags and picture size', () => {
    expect(openGraphArticleTags(postFixture(), OPTIONS)).toEqual([
      { property: 'article:published_time', content: '2026-03-05T10:00:00.000Z' },
      { property: 'article:modified_time', content: '2026-03-06T09:00:00.000Z' },
      { property: 'article:author', content: 'https://fm.example/founder/ada-lovelace' },
      { property: 'article:section', content: 'founders' },
      { property: 'article:tag', content: 'launch' },
      { property: 'article:tag', content: 'engines' },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '800' },
    ]);
  });
});

describe('postJsonLd', () => {
  it('describes a DiscussionForumPosting with author, dates, pictures, counts and the comments nested with their replies', () => {
    const data = postJsonLd(postFixture(), [commentFixture()], OPTIONS);
    const url = 'https://fm.example/post/shipping-our-first-engine-cccccc';
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DiscussionForumPosting',
      url,
      headline: 'Shipping our first engine today with @Helen Park! Thanks all. #launch…',
      text: 'Shipping our first engine today with @Helen Park!\nThanks all. #launch #engines',
      author: { '@type': 'Person', name: 'Ada Lovelace', url: 'https://fm.example/founder/ada-lovelace' },
      datePublished: '2026-03-05T10:00:00.000Z',
      dateModified: '2026-03-06T09:00:00.000Z',
      image: ['https://fm.example/media/posts/m1.webp', 'https://fm.example/media/posts/m2.png'],
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: 7 },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: 3 },
      ],
      comment: [
        {
          '@type': 'Comment',
          url: `${url}#comment-k1`,
          author: { '@type': 'Person', name: 'Helen Park', url: 'https://fm.example/advisor/helen-park' },
          text: 'Congratulations </script><b>x</b>',
          datePublished: '2026-03-05T11:00:00.000Z',
          comment: [{ '@type': 'Comment', url: `${url}#comment-r1`, author: { name: 'Ada Lovelace' }, text: 'Thank you!', datePublished: '2026-03-05T12:00:00.000Z' }],
        },
      ],
    });
  });

  it('leaves out what the post does not have, and serialises without closing its script element', () => {
    const data = postJsonLd(postFixture({ text: '', media: [], poll: null, editedAt: null }), [commentFixture({ replies: [] })], OPTIONS);
    expect(data).not.toHaveProperty('text');
    expect(data).not.toHaveProperty('image');
    expect(data.dateModified).toBe('2026-03-06T09:00:00.000Z');
    expect((data.comment as Array<Record<string, unknown>>)[0]).not.toHaveProperty('comment');
    expect(serializeJsonLd(data)).not.toContain('</script>');
  });

  it('marks edited replies with their own modified date', () => {
    const data = postJsonLd(postFixture(), [commentFixture({ replies: [replyFixture({ editedAt: '2026-03-07T00:00:00.000Z' })] })], OPTIONS);
    const reply = ((data.comment as Array<Record<string, unknown>>)[0]!.comment as Array<Record<string, unknown>>)[0]!;
    expect(reply.dateModified).toBe('2026-03-07T00:00:00.000Z');
  });
});

describe('siteSitemapXml', () => {
  it('lists the home page, each profile, then each post with the day it last changed', () => {
    const xml = siteSitemapXml(
      SITE,
      [{ memberType: 'founder', slug: 'ada-lovelace', updatedAt: '2026-03-05T10:00:00.000Z' }],
      [
        { slug: 'first-post-abc', updatedAt: '2026-03-07T08:00:00.000Z' },
        { slug: 'a&b', updatedAt: 'not a date' },
      ],
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://fm.example/</loc></url>',
        '  <url><loc>https://fm.example/founder/ada-lovelace</loc><lastmod>2026-03-05</lastmod></url>',
        '  <url><loc>https://fm.example/post/first-post-abc</loc><lastmod>2026-03-07</lastmod></url>',
        '  <url><loc>https://fm.example/post/a%26b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('lists the directory and topic pages right after the home page', () => {
    const xml = siteSitemapXml(
      'https://foundermesh.example',
      [{ memberType: 'founder', slug: 'ada', updatedAt: '2026-05-01T10:00:00.000Z' }],
      [],
      [{ path: '/founders' }, { path: '/tags/climate', updatedAt: '2026-06-02T09:00:00.000Z' }],
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://foundermesh.example/',
      'https://foundermesh.example/founders',
      'https://foundermesh.example/tags/climate',
      'https://foundermesh.example/founder/ada',
    ]);
    expect(xml).toContain('<loc>https://foundermesh.example/tags/climate</loc><lastmod>2026-06-02</lastmod>');
    expect(xml).toContain('<loc>https://foundermesh.example/founders</loc></url>');
  });

  it('stops at the 50,000 URLs one sitemap may hold, keeping every profile and leaving out the oldest posts', () => {
    const profiles = Array.from({ length: 10 }, (_, i) => ({ memberType: 'advisor' as const, slug: `m${i}`, updatedAt: '2026-01-01' }));
    const posts = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({ slug: `p${i}`, updatedAt: '2026-01-01' }));
    const xml = siteSitemapXml(SITE, profiles, posts);
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
    expect(xml).toContain('/advisor/m9<');
    expect(xml).toContain('/post/p0<');
    expect(xml).not.toContain(`/post/p${SITEMAP_MAX_URLS - 11}<`);
    expect(xml).toContain(`/post/p${SITEMAP_MAX_URLS - 12}<`);
  });
});
