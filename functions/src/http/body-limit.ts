/**
 * The API's body limit (MAX_BODY_BYTES unless the route allows more, body-limits.ts): a body
 * over it answers 413. Unlike hono's `bodyLimit`, a refused body is read to its end and
 * thrown away rather than left half read (request-body.ts says why); the bytes past the
 * limit are never kept.
 */
import type { MiddlewareHandler } from 'hono';
import { drainBody, readAtMost } from '../request-body';
import type { AppEnv } from './context';
import { bodyTooLarge } from './error-handler';

/** The Content-Length workerd holds a body to, or null when the body is streamed without one. */
function declaredLength(headers: Headers): number | null {
  if (headers.has('transfer-encoding')) return null;
  const length = Number(headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/** The limit of a request's body, in bytes, by its method and path. */
export type BodyLimitOf = (method: string, path: string) => number;

/** The middleware over the routes' limits (`bodyLimitFor` of body-limits.ts, which app.ts passes in). */
export const limitBody =
  (limitOf: BodyLimitOf): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const maxBytes = limitOf(c.req.method, c.req.path);
    const declared = declaredLength(request.headers);
    if (declared !== null && declared <= maxBytes) return next();
    if (declared !== null) {
      await drainBody(request.body);
      throw bodyTooLarge(maxBytes);
    }
    const bytes = await readAtMost(request.body, maxBytes);
    if (!bytes) throw bodyTooLarge(maxBytes);
    c.req.raw = new Request(request, { body: bytes });
    return next();
  };
