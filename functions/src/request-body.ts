/**
 * Request bodies are read to their end, even the ones refused. workerd, on the local stack,
 * breaks the next request (500 "Network connection lost", issue 28 finding 9) after a worker
 * answered without reading a body over 64 KiB; cancelling the stream does not help, reading
 * it does (workerd issue #1741). wrangler wraps the workers it bundles in a middleware that
 * reads what is left; ours are built by Astro (`no_bundle`) and get none, so the body limits
 * read past the limit without keeping the bytes, and each worker's entry reads what nothing
 * read. Free of any framework: both workers use it.
 */

/** Reads what is left of a body and throws it away; a body something else holds or that is gone is left alone. */
export async function drainBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {
      // Nothing is kept: the bytes only have to leave the connection.
    }
  } catch {
    // A body whose sender went away has nothing more to read.
  } finally {
    reader.releaseLock();
  }
}

/**
 * The body's bytes when there are at most `maxBytes` of them; null when there are more. Never
 * more than `maxBytes` is held: past the limit the rest is read and thrown away, not cancelled.
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size <= maxBytes) chunks.push(value);
      else chunks.length = 0;
    }
  } finally {
    reader.releaseLock();
  }
  if (size > maxBytes) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A fetch handler that reads to its end any body the handler left unread before answering
 * (a route that refused the request before looking at its body, a 404, a 401).
 */
export function drainingUnreadBodies<Env, Context>(
  fetch: (request: Request, env: Env, ctx: Context) => Response | Promise<Response>,
): (request: Request, env: Env, ctx: Context) => Promise<Response> {
  return async (request, env, ctx) => {
    try {
      return await fetch(request, env, ctx);
    } finally {
      await drainBody(request.body);
    }
  };
}
