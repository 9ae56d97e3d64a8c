/**
 * What search engines and link previews read about a public post: its address, title,
 * description, first image, Open Graph article tags and schema.org
 * `DiscussionForumPosting` with the comments and replies nested; and the sitemap listing
 * profiles and posts. Pure functions of the API's answers, unit-tested in Node.
 */
import type { Comment, FeedPost, MediaItem, Reply } from '@api/feed/schemas';
import type { SitemapEntry } from '@api/profiles/schemas';
import { profilePath } from '../members/paths';
import { absoluteUrl } from '../seo/canonical';
import { SITE_NAME } from '../seo/page-title';
import { mediaUrl } from '../text/media-url';
import { truncateText } from '../text/truncate';
import type { PostSitemapEntry } from './server';

/** Meta descriptions past this length are cut by search engines anyway. */
export const POST_DESCRIPTION_MAX = 160;
/** Titles past this length are cut in results; the headline keeps to it. */
export const POST_HEADLINE_MAX = 70;

/** The public address of a post. */
export function postPath(slug: string): string {
  return `/post/${encodeURIComponent(slug)}`;
}

/** `@[Ada Lovelace](<id>)` mention tokens as the `@Ada Lovelace` a reader sees. */
export function plainMentions(text: string): string {
  return text.replace(/@\[([^\]\n]{1,100})\]\(([0-9a-fA-F]{24})\)/g, '@$1');
}

/** All whitespace runs as single spaces, mentions as names: a description is one line of what readers see. */
const oneLine = (text: string | null | undefined) =>
  plainMentions(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/** The post's words for a title: its text, else its poll's question, else who posted it. */
function leadText(post: FeedPost): string {
  return oneLine(post.text) || oneLine(post.poll?.question) || '';
}

/** The post's headline: its first words, cut at a word to POST_HEADLINE_MAX ("Post by Ada Lovelace" when it has none). */
export function postHeadline(post: FeedPost): string {
  const lead = leadText(post);
  return lead ? truncateText(lead, POST_HEADLINE_MAX - 1, '…') : `Post by ${post.author.name}`;
}

/** The whole <title>: "First words of the post · Ada Lovelace | FounderMesh". */
export function postDocumentTitle(post: FeedPost): string {
  const headline = postHeadline(post);
  return headline.startsWith('Post by ') ? `${headline} | ${SITE_NAME}` : `${headline} · ${post.author.name} | ${SITE_NAME}`;
}

/** The meta description: the text on one line cut at a word, else a sentence naming the author. */
export function postDescription(post: FeedPost): string {
  const lead = leadText(post);
  if (lead) return truncateText(lead, POST_DESCRIPTION_MAX - 1, '…');
  const what = post.media.some(isVideo) ? 'a video' : post.media.length > 0 ? 'a picture' : 'a post';
  return `${post.author.name} shared ${what} on ${SITE_NAME}.`;
}

/** Whether a media item is an image (placeholders and videos are not). */
export const isImage = (item: MediaItem) => item.mime.startsWith('image/');
/** Whether a media item is a video. */
export const isVideo = (item: MediaItem) => item.mime.startsWith('video/');

/** The first image for previews, as an absolute URL with its alt text and size, or null. */
export function postShareImage(post: FeedPost, siteUrl: string, mediaBase: string): { url: string; alt: string; width: number | null; height: number | null } | null {
  for (const item of post.media.filter(isImage)) {
    const path = mediaUrl(item.url, mediaBase);
    if (path) return { url: absoluteUrl(siteUrl, path), alt: item.alt?.trim() || `Picture shared by ${post.author.name}`, width: item.width, height: item.height };
  }
  return null;
}

/** The author's public profile as an absolute URL. */
function authorUrl(author: FeedPost['author'], siteUrl: string): string {
  return absoluteUrl(siteUrl, profilePath(author.memberType, author.slug));
}

/**
 * The Open Graph `article:*` properties (og:type is `article`), one `article:tag` per hashtag,
 * and the first image's size unless `withImage` is false (the page shows its share card instead).
 */
export function openGraphArticleTags(post: FeedPost, options: { siteUrl: string; mediaBase: string; withImage?: boolean }): Array<{ property: string; content: string }> {
  const image = options.withImage === false ? null : postShareImage(post, options.siteUrl, options.mediaBase);
  return [
    { property: 'article:published_time', content: post.createdAt },
    { property: 'article:modified_time', content: post.editedAt ?? post.updatedAt },
    { property: 'article:author', content: authorUrl(post.author, options.siteUrl) },
    ...(post.group ? [{ property: 'article:section', content: post.group }] : []),
    ...post.hashtags.map((tag) => ({ property: 'article:tag', content: tag })),
    ...(image?.width ? [{ property: 'og:image:width', content: String(image.width) }] : []),
    ...(image?.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
  ].filter((tag) => tag.content !== '');
}

/** A member as a schema.org Person with their profile's address. */
function person(author: FeedPost['author'], siteUrl: string): Record<string, unknown> {
  return { '@type': 'Person', name: author.name, url: authorUrl(author, siteUrl) };
}

/** The anchor of a comment or reply on the post page (`#comment-<id>`). */
export function commentAnchor(id: string): string {
  return `comment-${id}`;
}

function replyJsonLd(reply: Reply, postUrl: string, siteUrl: string): Record<string, unknown> {
  return {
    '@type': 'Comment',
    url: `${postUrl}#${commentAnchor(reply._id)}`,
    author: person(reply.author, siteUrl),
    text: plainMentions(reply.text),
    datePublished: reply.createdAt,
    ...(reply.editedAt ? { dateModified: reply.editedAt } : {}),
  };
}

function commentJsonLd(comment: Comment, postUrl: string, siteUrl: string): Record<string, unknown> {
  return {
    '@type': 'Comment',
    url: `${postUrl}#${commentAnchor(comment._id)}`,
    author: person(comment.author, siteUrl),
    text: plainMentions(comment.text),
    datePublished: comment.createdAt,
    ...(comment.editedAt ? { dateModified: comment.editedAt } : {}),
    ...(comment.replies.length > 0 ? { comment: comment.replies.map((reply) => replyJsonLd(reply, postUrl, siteUrl)) } : {}),
  };
}

const counter = (action: 'LikeAction' | 'CommentAction', count: number) => ({
  '@type': 'InteractionCounter',
  interactionType: `https://schema.org/${action}`,
  userInteractionCount: count,
});

/**
 * The schema.org `DiscussionForumPosting` Google's discussion-forum guidance asks for:
 * headline, text, url, author (Person with url), datePublished, dateModified, images,
 * like and comment counts, and the comments shown on the page as `comment`, each with its
 * replies as `comment` of its own. Serialise it with serializeJsonLd (src/lib/seo/json-ld.ts).
 */
export function postJsonLd(post: FeedPost, comments: readonly Comment[], options: { siteUrl: string; mediaBase: string }): Record<string, unknown> {
  const url = absoluteUrl(options.siteUrl, postPath(post.slug));
  const images = post.media
    .filter(isImage)
    .map((item) => mediaUrl(item.url, options.mediaBase))
    .filter(Boolean)
    .map((path) => absoluteUrl(options.siteUrl, path));
  const videos = post.media
    .filter(isVideo)
    .map((item) => mediaUrl(item.url, options.mediaBase))
    .filter(Boolean);
  const text = plainMentions(post.text).trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: postHeadline(post),
    ...(text ? { text } : {}),
    author: person(post.author, options.siteUrl),
    datePublished: post.createdAt,
    dateModified: post.editedAt ?? post.updatedAt,
    ...(images.length > 0 ? { image: images } : {}),
    ...(videos.length > 0
      ? { video: videos.map((path) => ({ '@type': 'VideoObject', contentUrl: absoluteUrl(options.siteUrl, path), name: postHeadline(post), uploadDate: post.createdAt })) }
      : {}),
    ...(post.hashtags.length > 0 ? { keywords: post.hashtags.join(', ') } : {}),
    interactionStatistic: [counter('LikeAction', post.likeCount), counter('CommentAction', post.commentCount)],
    ...(comments.length > 0 ? { comment: comments.map((comment) => commentJsonLd(comment, url, options.siteUrl)) } : {}),
  };
}

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlText = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);

/** `YYYY-MM-DD` of an ISO time, or null when it is not one. */
function lastmod(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * The sitemap: the home page, the listing pages (the directory, the topics), each public
 * profile, then each post (newest first), as
 * absolute URLs with their last change. Past the sitemaps.org limit of 50,000 URLs in
 * all, the oldest posts are left out first.
 */
export function siteSitemapXml(
  siteUrl: string,
  profiles: readonly SitemapEntry[],
  posts: readonly PostSitemapEntry[],
  listings: readonly { path: string; updatedAt?: string }[] = [],
): string {
  const pages = [
    ...listings.map((entry) => ({ path: entry.path, updatedAt: entry.updatedAt ?? '' })),
    ...profiles.map((entry) => ({ path: profilePath(entry.memberType, entry.slug), updatedAt: entry.updatedAt })),
    ...posts.map((entry) => ({ path: postPath(entry.slug), updatedAt: entry.updatedAt })),
  ];
  const urls = [`  <url><loc>${xmlText(absoluteUrl(siteUrl, '/'))}</loc></url>`];
  for (const page of pages.slice(0, SITEMAP_MAX_URLS - 1)) {
    const modified = lastmod(page.updatedAt);
    urls.push(`  <url><loc>${xmlText(absoluteUrl(siteUrl, page.path))}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`);
  }
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
