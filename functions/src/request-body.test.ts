import { describe, expect, it } from 'vitest';
import { drainBody, drainingUnreadBodies, readAtMost } from './request-body';

/** A body of `chunks` pieces of `size` bytes; counts the pieces read. */
function pieces(chunks: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(pulled));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readAtMost', () => {
  it('answers the bytes of a body within the limit, in order', async () => {
    const bytes = await readAtMost(pieces(3, 4).stream, 12);
    expect(Array.from(bytes ?? [])).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  });

  it('answers null for a body past the limit, having read it to its end', async () => {
    const body = pieces(100, 1024);
    expect(await readAtMost(body.stream, 10 * 1024)).toBeNull();
    expect(body.pulled()).toBe(100);
  });
});

describe('drainBody', () => {
  it('reads what is left of a body, and leaves alone one that something else reads', async () => {
    const body = pieces(50, 1024);
    await drainBody(body.stream);
    expect(body.pulled()).toBe(50);

    const held = pieces(50, 1024);
    const reader = held.stream.getReader();
    await drainBody(held.stream);
    expect(held.pulled()).toBeLessThanOrEqual(1);
    reader.releaseLock();
  });
});

describe('a sender that stops sending', () => {
  it('is waited for no longer than asked, by drainBody and readAtMost', async () => {
    const stalled = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(2048));
        },
        // Never another byte, never an end: a client that announced more than it sends.
      });
    const began = Date.now();
    await drainBody(stalled(), 50);
    expect(await readAtMost(stalled(), 1024, 50)).toBeNull();
    expect(Date.now() - began).toBeLessThan(2_000);
  });
});

describe('drainingUnreadBodies', () => {
  it('reads the body a handler answered without reading before it answers', async () => {
    const body = pieces(200, 1024);
    const request = new Request('http://127.0.0.1/anything', { method: 'POST', body: body.stream, duplex: 'half' } as RequestInit);
    const fetch = drainingUnreadBodies(() => new Response('refused', { status: 401 }));
    const response = await fetch(request, {}, {});
    expect(response.status).toBe(401);
    expect(body.pulled()).toBe(200);
  });
});
