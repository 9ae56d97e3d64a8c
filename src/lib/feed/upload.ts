/**
 * Multipart sends with upload progress. fetch() cannot report upload progress, so the post
 * forms go through XMLHttpRequest to the session proxy; answers and errors read like
 * `session()`'s (JSON data, or a thrown AppError in the API's words).
 */
import { sessionUrl } from '../api/client';
import { AppError, DEFAULT_ERROR_MESSAGE } from '../errors';

/** Sends `form` to the API path with `method`; `onProgress` hears 0–100 while the body goes up. */
export function sendForm<T>(path: string, form: FormData, { method = 'POST', onProgress }: { method?: string; onProgress?: (percent: number) => void } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, sessionUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        const error = (body ?? {}) as { message?: unknown; data?: unknown };
        const message = typeof error.message === 'string' && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
        reject(new AppError(message, xhr.status, error.data));
      }
    });
    const failed = () => reject(new AppError(DEFAULT_ERROR_MESSAGE, 0));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.send(form);
  });
}
