import { atom } from 'nanostores';
import { describe, expect, test, vi } from 'vitest';
import { sessionClient } from '../api/client';
import { createDataDownloadActions, type DataDownloadState, filenameOf, sizeText } from './data-download';

const NOW = Date.parse('2026-11-25T20:00:00Z');

/** The actions over a transport that answers `respond(url)`; records what was saved. */
function setup(respond: (url: string) => Response | Promise<Response>) {
  const store = atom<DataDownloadState>({ phase: 'ready' });
  const urls: string[] = [];
  const api = sessionClient(async (url) => {
    urls.push(url);
    return respond(url);
  });
  const saved: Array<{ bytes: Uint8Array; filename: string; type: string }> = [];
  const save = vi.fn((file: Blob, filename: string) => {
    void file.arrayBuffer().then((buffer) => saved.push({ bytes: new Uint8Array(buffer), filename, type: file.type }));
  });
  const actions = createDataDownloadActions({ store, api, save, now: () => NOW });
  return { store, actions, urls, saved, save };
}

/** A zip-like answer sent in two chunks. */
function zipAnswer(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([80, 75, 3, 4]));
      controller.enqueue(new Uint8Array(2000).fill(1));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="foundermesh-data-2026-11-25.zip"' } });
}

describe('$dataDownload', () => {
  test('downloads the zip through the session proxy and hands it to the browser under its name', async () => {
    const { store, actions, urls, saved } = setup(() => zipAnswer());
    const phases: string[] = [];
    store.listen((state) => phases.push(state.phase === 'preparing' ? `preparing ${state.received}` : state.phase));
    expect(await actions.download()).toBe('done');
    expect(urls).toEqual(['/api/session/auth/data-export']);
    expect(phases).toEqual(['preparing 0', 'preparing 4', 'preparing 2004', 'done']);
    expect(store.get()).toEqual({ phase: 'done', filename: 'foundermesh-data-2026-11-25.zip' });
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe('foundermesh-data-2026-11-25.zip');
    expect(saved[0]!.type).toBe('application/zip');
    expect(Array.from(saved[0]!.bytes.slice(0, 4))).toEqual([80, 75, 3, 4]);
    expect(saved[0]!.bytes.length).toBe(2004);
  });

  test('a download within the hour becomes the time of the next one, not an error', async () => {
    const { store, actions, save } = setup(() =>
      Response.json(
        { message: 'Too many data downloads. Please try again in 42 minutes.', status: 429, data: { retryAfter: 2520 } },
        { status: 429, headers: { 'retry-after': '2520' } },
      ),
    );
    expect(await actions.download()).toBe('limited');
    expect(store.get()).toEqual({ phase: 'limited', retryAfter: 2520, nextAt: new Date(NOW + 2_520_000).toISOString() });
    expect(save).not.toHaveBeenCalled();
  });

  test('a failure keeps the API’s message, and a retry can start again', async () => {
    let fail = true;
    const { store, actions } = setup(() => (fail ? Response.json({ message: 'Something went to wrong', status: 500, data: null }, { status: 500 }) : zipAnswer()));
    expect(await actions.download()).toBe('failed');
    expect(store.get()).toEqual({ phase: 'failed', message: 'Something went to wrong' });
    fail = false;
    expect(await actions.download()).toBe('done');
  });

  test('a second click while the first download runs sends nothing more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { actions, urls } = setup(async () => {
      await gate;
      return zipAnswer();
    });
    const first = actions.download();
    expect(await actions.download()).toBe('preparing');
    release();
    expect(await first).toBe('done');
    expect(urls).toHaveLength(1);
  });

  test('starts from the status the page rendered', () => {
    const { store, actions } = setup(() => zipAnswer());
    actions.hydrate({ available: false, retryAfter: 600, nextAt: '2026-11-25T20:10:00.000Z' });
    expect(store.get()).toEqual({ phase: 'limited', retryAfter: 600, nextAt: '2026-11-25T20:10:00.000Z' });
    actions.hydrate({ available: true, retryAfter: 0, nextAt: null });
    expect(store.get()).toEqual({ phase: 'ready' });
  });
});

describe('filenameOf and sizeText', () => {
  test('take the name from Content-Disposition, never a path', () => {
    expect(filenameOf('attachment; filename="foundermesh-data-2026-11-25.zip"')).toBe('foundermesh-data-2026-11-25.zip');
    expect(filenameOf('attachment; filename="../evil.zip"')).toBe('foundermesh-data.zip');
    expect(filenameOf(null)).toBe('foundermesh-data.zip');
  });

  test('say sizes in KB and MB', () => {
    expect(sizeText(0)).toBe('1 KB');
    expect(sizeText(820_400)).toBe('820 KB');
    expect(sizeText(3_420_000)).toBe('3.4 MB');
  });
});
