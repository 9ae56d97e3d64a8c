/**
 * `$dataDownload`: the member's data download on /settings/account. The page renders
 * whether one may be made now (GET /auth/data-export/status); `download()` fetches the zip
 * through the session proxy, counting the bytes as they arrive, and hands it to the browser
 * as a file. A download within the hour is refused (429) and told as the time to wait, not
 * as an error.
 */
import { atom, type WritableAtom } from 'nanostores';
import { api as sessionApi, type ApiClient } from '../api/client';
import { toAppError } from '../errors';
import { retryAfterOf, TOO_MANY_REQUESTS } from '../rate-limited';

/** Where the download stands. `limited`: the next one is possible at `nextAt` (ISO time). */
export type DataDownloadState =
  | { phase: 'ready' }
  | { phase: 'preparing'; received: number }
  | { phase: 'done'; filename: string }
  | { phase: 'limited'; nextAt: string; retryAfter: number }
  | { phase: 'failed'; message: string };

/** What the page knows before the first render. */
export type DataDownloadStatus = { available: boolean; retryAfter: number; nextAt: string | null };

export interface DataDownloadDeps {
  store: WritableAtom<DataDownloadState>;
  api: ApiClient;
  /** Hands the file to the browser (an object URL on a link with `download`). */
  save: (file: Blob, filename: string) => void;
  now: () => number;
}

const FALLBACK_NAME = 'foundermesh-data.zip';

export const $dataDownload: WritableAtom<DataDownloadState> = atom<DataDownloadState>({ phase: 'ready' });

/** The file name the API gave in Content-Disposition, or a plain one. */
export function filenameOf(disposition: string | null): string {
  const name = /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1];
  return name ?? FALLBACK_NAME;
}

/** A file the browser saves: a temporary object URL on a link with `download`, clicked. */
function saveInBrowser(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file over; give the browser a moment before letting go of it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The download actions over a store, a client and a way to save (tests inject fakes). */
export function createDataDownloadActions({ store, api, save, now }: DataDownloadDeps) {
  /** Starts from what the page rendered. */
  function hydrate(status: DataDownloadStatus): void {
    store.set(status.available || !status.nextAt ? { phase: 'ready' } : { phase: 'limited', nextAt: status.nextAt, retryAfter: status.retryAfter });
  }

  /** Downloads the zip; answers the phase it ended in. A second click while one runs does nothing. */
  async function download(): Promise<DataDownloadState['phase']> {
    if (store.get().phase === 'preparing') return 'preparing';
    store.set({ phase: 'preparing', received: 0 });
    try {
      const response = await api.auth['data-export'].$get();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const step = reader ? await reader.read() : { done: true as const, value: undefined };
        if (step.done) break;
        chunks.push(step.value as Uint8Array<ArrayBuffer>);
        received += step.value.length;
        store.set({ phase: 'preparing', received });
      }
      const filename = filenameOf(response.headers.get('content-disposition'));
      save(new Blob(chunks, { type: 'application/zip' }), filename);
      store.set({ phase: 'done', filename });
    } catch (cause) {
      const error = toAppError(cause);
      const retryAfter = error.status === TOO_MANY_REQUESTS ? retryAfterOf(error.data) : null;
      store.set(retryAfter === null ? { phase: 'failed', message: error.message } : { phase: 'limited', retryAfter, nextAt: new Date(now() + retryAfter * 1000).toISOString() });
    }
    return store.get().phase;
  }

  return { hydrate, download };
}

export const dataDownloadActions = createDataDownloadActions({ store: $dataDownload, api: sessionApi, save: saveInBrowser, now: () => Date.now() });

/** Bytes in words for the progress line: `820 KB`, `3.4 MB`. */
export function sizeText(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
