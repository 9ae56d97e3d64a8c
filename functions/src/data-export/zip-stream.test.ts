import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipSource } from './zip-stream';

const mtime = new Date('2026-11-25T12:00:00Z');

/** A stream of `count` chunks of `size` bytes of `fill`, noting how far it was read and whether it was cancelled. */
function chunkedBytes(count: number, size: number, fill: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('zipStream', () => {
  it('writes text and streamed files that unzip to what went in, skipping a source that has nothing', async () => {
    const big = chunkedBytes(4, 50_000, 7);
    const sources: ZipSource[] = [
      { kind: 'text', path: 'a.json', text: () => JSON.stringify({ hello: 'wörld' }) },
      { kind: 'stream', path: 'media/big.bin', open: async () => big.stream },
      { kind: 'stream', path: 'media/gone.png', open: async () => null },
    ];
    const files = unzipSync(await readAll(zipStream(sources, { mtime })));
    expect(Object.keys(files)).toEqual(['a.json', 'media/big.bin']);
    expect(JSON.parse(strFromU8(files['a.json']!))).toEqual({ hello: 'wörld' });
    expect(files['media/big.bin']).toEqual(new Uint8Array(200_000).fill(7));
  });

  it('produces only what the reader asks for: later files are not opened before it reads on', async () => {
    const first = chunkedBytes(10, 1_000, 1);
    let secondOpened = false;
    const stream = zipStream(
      [
        { kind: 'stream', path: 'one.bin', open: async () => first.stream },
        {
          kind: 'stream',
          path: 'two.bin',
          open: async () => {
            secondOpened = true;
            return chunkedBytes(1, 10, 2).stream;
          },
        },
      ],
      { mtime },
    );
    const reader = stream.getReader();
    await reader.read();
    expect(first.state.pulled).toBeLessThan(10);
    expect(secondOpened).toBe(false);
    // An aborted download stops reading the file it was in.
    await reader.cancel();
    expect(first.state.cancelled).toBe(true);
    expect(secondOpened).toBe(false);
  });

  it('errors the stream and tells onError when a source fails', async () => {
    const heard: unknown[] = [];
    const stream = zipStream(
      [
        { kind: 'text', path: 'ok.txt', text: () => 'fine' },
        {
          kind: 'stream',
          path: 'broken.bin',
          open: async () => {
            throw new Error('R2 is down');
          },
        },
      ],
      { mtime, onError: (error) => heard.push(error) },
    );
    await expect(readAll(stream)).rejects.toThrow('R2 is down');
    expect(heard).toEqual([new Error('R2 is down')]);
  });
});
