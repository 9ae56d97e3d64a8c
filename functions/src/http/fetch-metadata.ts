/**
 * Fetch Metadata guard for the one GET that changes state (the poll vote, docs/product.md#polls). A
 * browser marks what it loads: a followed link is `Sec-Fetch-Mode: navigate` with
 * `Sec-Fetch-Dest: document`, an `<img src>` is `Sec-Fetch-Dest: image`. Only script calls
 * (`Sec-Fetch-Dest: empty`) and clients that send no such headers (scripts, apps) may use
 * it, so a link or picture in a post can never vote for whoever opens it.
 */
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';

const NAVIGATION_MODES = new Set(['navigate', 'nested-navigate']);

/** Whether the request is a browser navigation or a subresource load rather than a script call. */
export function isBrowserLoad(headers: { get(name: string): string | null }): boolean {
  const mode = headers.get('sec-fetch-mode');
  const dest = headers.get('sec-fetch-dest');
  return (mode !== null && NAVIGATION_MODES.has(mode)) || (dest !== null && dest !== 'empty');
}

/** Middleware refusing (403 with `message`) a GET that a browser loads instead of a script sending it. */
export function refuseBrowserLoads(message: string) {
  return createMiddleware(async (c, next) => {
    if (isBrowserLoad(c.req.raw.headers)) throw new ApiError(403, message);
    await next();
  });
}
