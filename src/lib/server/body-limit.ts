/**
 * The session proxy's body limit: the largest body the API accepts for the path (one
 * source: functions/src/body-limits.ts), applied as the body streams in: no more than the
 * limit is ever kept. A declared Content-Length over it is refused without keeping a byte; a
 * body without a length, or longer than it said, is counted and refused once it passes it.
 */
import { bodyLimitFor } from '@api/body-limits';
import { bodyTooLargeMessage } from '@api/body-size';
import { drainBody, readAtMost } from '@api/request-body';
import { AppError } from '../errors';

/** The 413 answer, in the API's words and shape (`data.maxBytes` as the API sends it). */
export function bodyTooLargeError(maxBytes: number): AppError {
  return new AppError(bodyTooLargeMessage(maxBytes), 413, { maxBytes });
}

/** The limit for a proxied request: `apiPath` is the path after /api/session/ (`feed-post`). */
export function proxyBodyLimit(method: string, apiPath: string): number {
  return bodyLimitFor(method, `/${apiPath}`);
}

/**
 * The request's body, kept only while it stays within `maxBytes`; an AppError 413 when its
 * declared length or its bytes go over. A refused body is still read to its end, its bytes
 * thrown away: a body left half read breaks the next request on the local stack
 * (@api/request-body).
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<ArrayBuffer | AppError> {
  if (!request.body) return new ArrayBuffer(0);
  if (Number(request.headers.get('content-length')) > maxBytes) {
    await drainBody(request.body);
    return bodyTooLargeError(maxBytes);
  }
  const bytes = await readAtMost(request.body, maxBytes);
  return bytes ? (bytes.buffer as ArrayBuffer) : bodyTooLargeError(maxBytes);
}
