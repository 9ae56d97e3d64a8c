/**
 * The share cards of docs/product.md "Share cards", mounted at /og: the Open Graph picture of
 * a public profile (`/og/founder/<slug>/<version>.png`, `/og/advisor/…`) or post
 * (`/og/post/<slug>/<version>.png`). The app worker forwards its own /og/* here, so the
 * pictures share the site's origin. Public; no token is read.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { handleNotFound } from '../http/error-handler';
import { errorResponses } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';
import { shareCard } from './service';

const CardParams = z.object({
  kind: z.enum(['founder', 'advisor', 'post']).openapi({ param: { name: 'kind', in: 'path' }, description: 'A founder or advisor profile, or a post.' }),
  slug: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: 'slug', in: 'path' }, description: 'The profile’s or post’s slug.', example: 'maya-okafor' }),
  file: z
    .string()
    .regex(/^[0-9a-f]{16}\.png$/, 'must be the card’s version and .png')
    .openapi({ param: { name: 'file', in: 'path' }, description: 'The version (a hash of what the card shows) and `.png`.', example: '3f9a2c1b0d4e5f60.png' }),
});

/** The Cache API's default cache where the runtime has one (not in every test). */
const defaultCache = (): Cache | null => (typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default);

/** Lets `work` finish after the answer where the runtime can (waitUntil); awaits it where there is no execution context (the app called directly in tests). */
async function afterAnswer(c: { executionCtx: { waitUntil(work: Promise<unknown>): void } }, work: Promise<unknown>): Promise<void> {
  let context: { waitUntil(work: Promise<unknown>): void } | null = null;
  try {
    context = c.executionCtx;
  } catch {
    context = null;
  }
  if (context) context.waitUntil(work);
  else await work;
}

/** Mounted at /og. */
export const shareCardRoutes = newRouter().openapi(
  createRoute({
    method: 'get',
    path: '/{kind}/{slug}/{file}',
    tags: ['Share cards'],
    security: PUBLIC_SECURITY,
    summary: 'The Open Graph picture of a public profile or post',
    description:
      'A 1200×630 PNG of at most 100 KB, drawn on the first request for a version, then kept in R2 and the cache (one-year immutable). An older version redirects (302) to the current one. 404 for an unknown profile or post, or a member who opted out of search engines.',
    request: { params: CardParams },
    responses: {
      200: { description: 'The picture.', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } } },
      302: { description: 'The profile or post changed since: `Location` is its current card.' },
      ...errorResponses([400, 404]),
    },
  }),
  async (c) => {
    const { kind, slug, file } = c.req.valid('param');
    const pending: Promise<unknown>[] = [];
    const deps = { ...c.get('deps'), media: c.env.MEDIA, cache: defaultCache(), defer: (work: Promise<unknown>) => void pending.push(work) };
    const card = await shareCard(deps, kind, slug, file.slice(0, -'.png'.length), c.req.url);
    await afterAnswer(c, Promise.allSettled(pending));
    if (card.found === 'none') return handleNotFound(c);
    if (card.found === 'moved') {
      return new Response(null, { status: 302, headers: { location: card.path, 'cache-control': 'no-cache' } });
    }
    return card.response;
  },
);
