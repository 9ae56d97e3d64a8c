/**
 * Server-side reads of the public post page through the API binding (serverClient): the post
 * by its slug, its comments with their replies, and the sitemap's post entries. The
 * member's token goes along when there is one, so the viewer's like and vote state and
 * what they may edit come back; visitors read the same public answers without it.
 */
import type { Comment, FeedPost } from '@api/feed/schemas';
import { data } from '../api/client';
import type { AppError } from '../errors';
import { outcome, serverClient, type ServerCallOptions } from '../server/api-client';

/** Post slugs are ASCII letters, digits and '-' (words of the text plus an id); anything else is a 404 without asking. */
const POST_SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
const POST_SLUG_MAX = 200;

/** Whether `slug` could be a post's slug. */
export function isPostSlug(slug: string | undefined): slug is string {
  return typeof slug === 'string' && slug.length <= POST_SLUG_MAX && POST_SLUG.test(slug);
}

/** How many comments the page shows (each with up to 50 replies): one page of the API's. */
export const POST_PAGE_COMMENTS = 50;

export interface CommentsOnPage {
  comments: Comment[];
  /** Comments in all (the page may show fewer). */
  total: number;
}

export type PostLoad = { status: 'found'; post: FeedPost; comments: CommentsOnPage | null } | { status: 'not-found' } | { status: 'error'; error: AppError };

/**
 * GET /feed-post/{slug} and GET /feed/comments/{slug}?page=1&limit=50 at once (the comments
 * route takes the slug too, so the page costs one round trip's time). A 404 (or a slug that
 * cannot exist) reads as not found; comments that fail to load leave the post readable
 * with `comments: null` (the page says so) rather than failing the whole page.
 */
export async function loadPost(slug: string, options: ServerCallOptions): Promise<PostLoad> {
  if (!isPostSlug(slug)) return { status: 'not-found' };
  const read = outcome(data(serverClient(options)['feed-post'][':idOrSlug'].$get({ param: { idOrSlug: encodeURIComponent(slug) } })));
  const [result, comments] = await Promise.all([read, loadComments(slug, options)]);
  if (!result.ok) return result.error.status === 404 ? { status: 'not-found' } : { status: 'error', error: result.error };
  const post = result.data;
  if (!post || typeof post._id !== 'string') return { status: 'not-found' };
  return { status: 'found', post, comments };
}

/** The first page of a post's comments (by its id or slug), oldest first, or null when the API cannot answer. */
async function loadComments(postId: string, options: ServerCallOptions): Promise<CommentsOnPage | null> {
  const query = { page: '1', limit: String(POST_PAGE_COMMENTS) };
  const result = await outcome(data(serverClient(options).feed.comments[':post_id'].$get({ param: { post_id: encodeURIComponent(postId) }, query })));
  if (!result.ok || !Array.isArray(result.data?.data)) {
    // A 404 is the post's own answer (read at the same time); anything else is worth a log line.
    if (!result.ok && result.error.status !== 404) console.error(`comments of post ${postId} unavailable`, result.error.status, result.error.message);
    return null;
  }
  return { comments: result.data.data, total: Math.max(result.data.total ?? 0, result.data.data.length) };
}

const readPostSitemap = (options: ServerCallOptions) => data(serverClient(options).feed.sitemap.$get());

/** One post in the sitemap (its slug and last change), as GET /feed/sitemap answers it. */
export type PostSitemapEntry = Awaited<ReturnType<typeof readPostSitemap>>['data'][number];

/** GET /feed/sitemap: the newest posts' slugs and last changes, or the error (the sitemap then answers 503). */
export async function loadPostSitemapEntries(options: ServerCallOptions): Promise<{ ok: true; entries: PostSitemapEntry[] } | { ok: false; error: AppError }> {
  const result = await outcome(readPostSitemap(options));
  return result.ok ? { ok: true, entries: result.data?.data ?? [] } : { ok: false, error: result.error };
}
