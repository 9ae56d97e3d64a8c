/**
 * A zip archive as a ReadableStream, written with fflate's streaming `Zip`: each file is
 * added and fed only when the reader asks for more bytes (`pull`), so a member's media are
 * read from R2 one chunk at a time and the archive is never whole in memory. Text files
 * are deflated; stored files (pictures, videos, attachments: already compressed) go in as
 * they are.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of the archive: text made when its turn comes, or bytes opened as a stream (null: skip it). */
export type ZipSource = { kind: 'text'; path: string; text: () => string } | { kind: 'stream'; path: string; open: () => Promise<ReadableStream<Uint8Array> | null> };

/** Deflate level of the text files: fflate's default, a fair trade of CPU for size. */
const TEXT_LEVEL = 6;

/** Adds the sources to `zip` one after another, pausing (yield) after each chunk pushed. */
async function* writeAll(zip: Zip, sources: Iterable<ZipSource>, mtime: Date): AsyncGenerator<void, void, undefined> {
  for (const source of sources) {
    if (source.kind === 'text') {
      const file = new ZipDeflate(source.path, { level: TEXT_LEVEL });
      file.mtime = mtime;
      zip.add(file);
      file.push(strToU8(source.text()), true);
      yield;
      continue;
    }
    const body = await source.open();
    if (!body) continue;
    const file = new ZipPassThrough(source.path);
    file.mtime = mtime;
    zip.add(file);
    const reader = body.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        file.push(value);
        yield;
      }
      finished = true;
    } finally {
      // Cancelled half-way (the download was aborted): let R2 stop sending.
      if (!finished) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
    file.push(new Uint8Array(0), true);
    yield;
  }
  zip.end();
}

/**
 * The archive of `sources`, in order, produced as it is read. `onError` hears a failure
 * (an R2 read, a text that throws) before the stream errors, so the caller may log it or
 * give back what the download cost.
 */
export function zipStream(sources: Iterable<ZipSource>, options: { mtime: Date; onError?: (error: unknown) => void }): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let ended = false;
  let failure: unknown = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      if (chunk.length > 0) ready.push(chunk);
      if (final) ended = true;
    }
  });
  const steps = writeAll(zip, sources, options.mtime);

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (ready.length === 0 && !ended && failure === null) {
            const step = await steps.next();
            if (step.done) {
              // zip.end() emits the final chunk at once; anything else is a bug worth an error, not a hang.
              if (!ended) failure = new Error('The archive ended before its last chunk.');
              break;
            }
          }
        } catch (error) {
          failure = error;
        }
        if (failure !== null) {
          options.onError?.(failure);
          controller.error(failure);
          return;
        }
        for (const chunk of ready.splice(0)) controller.enqueue(chunk);
        if (ended) controller.close();
      },
      async cancel() {
        await steps.return(undefined);
      },
    },
    // Produce only when the reader has room: the backpressure that keeps memory flat.
    { highWaterMark: 0 },
  );
}
