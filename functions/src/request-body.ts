/**
 * Request bodies are read to their end, even the ones refused. workerd, on the local stack,
 * breaks the next request (500 "Network connection lost", issue 28 finding 9) after a worker
 * answered without reading a body over 64 KiB; cancelling the stream does not help, reading
 * it does, and only before the answer (workerd issue #1741). wrangler wraps the workers it
 * bundles in a middleware that reads what is left; ours are built by Astro (`no_bundle`) and
 * get none, so the body limits read past the limit without keeping the bytes, and each
 * worker's entry reads what nothing read. A sender that stops sending is not waited for past
 * DRAIN_WAIT_MS: it hears the refusal then. Free of any framework: both workers use it.
 */

/** How long a refusal waits for the rest of a body before it is sent anyway. */
export const DRAIN_WAIT_MS = 2_000;

/** Reads what `reader` has left, for at most `withinMs`; then gives up on the rest. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, withinMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reading = (async () => {
    while (!(await reader.read()).done) {
      // Nothing is kept: the bytes only have to leave the connection.
    }
  })().catch(() => undefined); // a sender that went away has nothing more to send
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), withinMs);
  });
  if ((await Promise.race([reading, waited])) === 'waited') await reader.cancel().catch(() => undefined);
  clearTimeout(timer);
}

/** Reads what is left of a body and throws it away (for at most `withinMs`); a body something else holds or that is gone is left alone. */
export async function drainBody(body: ReadableStream<Uint8Array> | null, withinMs = DRAIN_WAIT_MS): Promise<void> {
  if (!body || body.locked) return;
  await readRest(body.getReader(), withinMs);
}

/**
 * The body's bytes when there are at most `maxBytes` of them; null when there are more. Never
 * more than `maxBytes` is held: past the limit the rest is read and thrown away (drainBody).
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number, withinMs = DRAIN_WAIT_MS): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
    if (size > maxBytes) {
      await readRest(reader, withinMs);
      return null;
    }
  }
  reader.releaseLock();
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
