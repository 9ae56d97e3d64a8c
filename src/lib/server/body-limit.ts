/**
 * The session proxy's body limit: the largest body the API accepts for the path (one
 * source: functions/src/body-limits.ts), applied before the body is in memory. A declared
 * Content-Length over it is refused at once, unread; a body without a length, or longer
 * than it said, is counted as it streams in and refused the moment it passes the limit.
 */
import { bodyLimitFor } from '@api/body-limits';
import { bodyTooLargeMessage } from '@api/body-size';
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
 * The request's body, read whole only while it stays within `maxBytes`; an AppError 413
 * when its declared length or its bytes go over (the rest is never read).
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<ArrayBuffer | AppError> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return bodyTooLargeError(maxBytes);
  }
  if (!request.body) return new ArrayBuffer(0);
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(bodyTooLargeError(maxBytes));
      else controller.enqueue(chunk);
    },
  });
  try {
    return await new Response(request.body.pipeThrough(counter)).arrayBuffer();
  } catch (cause) {
    if (seen > maxBytes) return bodyTooLargeError(maxBytes);
    throw cause;
  }
}
