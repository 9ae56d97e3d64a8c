/**
 * Media files from R2 (pictures, banners, post media, attachments), served at /media/<key>.
 * The app worker forwards its own /media/* here, so media share the app's origin.
 * Keys may contain slashes, so the handler reads the rest of the path itself.
 */
import { z } from '@hono/zod-openapi';
import { newRouter } from '../http/context';
import { handleNotFound } from '../http/error-handler';
import { errorResponses } from '../openapi/responses';
import { PUBLIC_SECURITY } from '../openapi/security';

/** Objects are stored under fresh keys and never rewritten, so browsers may keep them for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The R2 key of a /media/ path, or null when it cannot be one. */
export function mediaKey(pathname: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(pathname.replace(/^\/media\//, ''));
  } catch {
    return null;
  }
  // Message attachments are private to the two members of a thread (GET /connections/attachments/{id}).
  if (key.startsWith('attachments/')) return null;
  return key && key.length <= 512 && !key.split('/').some((part) => part === '' || part === '.' || part === '..') ? key : null;
}

// Documented by hand: keys contain slashes, which the OpenAPI path parameter (`/{key}`, served as `/:key`) would not match.
const mediaRouter = newRouter();
mediaRouter.openAPIRegistry.registerPath({
  method: 'get',
  path: '/{key}',
  security: PUBLIC_SECURITY,
  tags: ['Media'],
  summary: 'A stored media file (picture, banner, post media or attachment)',
  description: 'Answers the file with its stored content type, an ETag and a one-year immutable cache; 304 for a matching If-None-Match. Keys may contain slashes.',
  request: { params: z.object({ key: z.string().openapi({ example: 'avatars/5f9c1b2a3d4e5f6071829304.webp' }) }) },
  responses: {
    200: { description: 'The file.', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    304: { description: 'The copy the client has is current.' },
    ...errorResponses([404]),
  },
});

/** Mounted at /media. Hono answers HEAD with this handler too, without the body. */
export const mediaRoutes = mediaRouter.get('/:key{.+}', async (c) => {
  const key = mediaKey(c.req.path);
  if (!key) return handleNotFound(c);
  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers });
  if (!object) return handleNotFound(c);

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', CACHE_CONTROL);
  // Uploads are checked by their bytes when stored; never let a browser guess another type.
  headers.set('x-content-type-options', 'nosniff');
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('content-length', String(object.size));
  return new Response(object.body, { headers });
});
