import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../server/fake-api';
import { commentFixture, postFixture } from './post-page-fixtures';
import { isPostSlug, loadPost, loadPostSitemapEntries, POST_PAGE_COMMENTS } from './server';

vi.mock('cloudflare:workers', () => ({ env: {} }));

const apiError = (status: number, message: string) => Response.json({ message, status, data: null }, { status });
const commentsPage = (data = [commentFixture()]) => ({ data, total: data.length, page: 1, limit: POST_PAGE_COMMENTS, pages: 1 });

describe('isPostSlug', () => {
  it('accepts words of letters and digits joined by hyphens and nothing else', () => {
    expect(isPostSlug('shipping-our-first-engine-65f1c2')).toBe(true);
    for (const slug of ['', 'a b', '../admin', 'a--b', '-a', 'a-', "x')", 'a'.repeat(201), undefined]) expect(isPostSlug(slug)).toBe(false);
  });
});

describe('loadPost', () => {
  it('reads the post and its first 50 comments by its slug at once, with the member’s token and address', async () => {
    const post = postFixture();
    const api = createFakeApi((request) => Response.json(request.url.pathname.startsWith('/feed/comments/') ? commentsPage() : post));
    const load = await loadPost(post.slug, { token: 'jwt', clientIp: '10.0.0.2', fetchApi: api.fetchApi });
    expect(load).toEqual({ status: 'found', post, comments: { comments: [commentFixture()], total: 1 } });
    const postRequest = api.received.find((request) => request.url.pathname.startsWith('/feed-post/'));
    const commentsRequest = api.received.find((request) => request.url.pathname.startsWith('/feed/comments/'));
    expect(postRequest!.url.pathname).toBe(`/feed-post/${post.slug}`);
    expect(postRequest!.headers.get('authorization')).toBe('Bearer jwt');
    expect(postRequest!.headers.get('cf-connecting-ip')).toBe('10.0.0.2');
    expect(commentsRequest!.url.pathname).toBe(`/feed/comments/${post.slug}`);
    expect(commentsRequest!.url.searchParams.get('page')).toBe('1');
    expect(commentsRequest!.url.searchParams.get('limit')).toBe('50');
    expect(commentsRequest!.headers.get('authorization')).toBe('Bearer jwt');
  });

  it('sends no token for a visitor', async () => {
    const api = createFakeApi((request) => Response.json(request.url.pathname.startsWith('/feed/comments/') ? commentsPage([]) : postFixture()));
    await loadPost('a-post', { fetchApi: api.fetchApi });
    expect(api.received.every((request) => !request.headers.has('authorization'))).toBe(true);
  });

  it('reads a 404 as not found and never asks about a slug that cannot exist', async () => {
    expect(await loadPost('gone', { fetchApi: createFakeApi(() => apiError(404, 'Post not found')).fetchApi })).toEqual({ status: 'not-found' });
    const api = createFakeApi();
    expect(await loadPost('%3Cscript%3E', { fetchApi: api.fetchApi })).toEqual({ status: 'not-found' });
    expect(api.received).toHaveLength(0);
  });

  it('passes other failures of the post on as errors', async () => {
    const load = await loadPost('a-post', { fetchApi: createFakeApi(() => apiError(503, 'Busy')).fetchApi });
    expect(load.status === 'error' && load.error.status).toBe(503);
  });

  it('keeps the post readable when its comments cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createFakeApi((request) => (request.url.pathname.startsWith('/feed/comments/') ? apiError(500, 'Boom') : Response.json(postFixture())));
    expect(await loadPost('a-post', { fetchApi: api.fetchApi })).toEqual({ status: 'found', post: postFixture(), comments: null });
  });
});

describe('loadPostSitemapEntries', () => {
  it('reads GET /feed/sitemap, or answers the error', async () => {
    const entries = [{ slug: 'a-post', updatedAt: '2026-03-05T10:00:00.000Z' }];
    const ok = createFakeApi(() => Response.json({ data: entries }));
    expect(await loadPostSitemapEntries({ fetchApi: ok.fetchApi })).toEqual({ ok: true, entries });
    expect(ok.received[0]!.url.pathname).toBe('/feed/sitemap');
    const failed = await loadPostSitemapEntries({ fetchApi: createFakeApi(() => apiError(500, 'Boom')).fetchApi });
    expect(failed.ok).toBe(false);
  });
});
