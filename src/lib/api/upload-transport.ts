/**
 * Uploads with progress: fetch() cannot report how much of a body went up, so requests
 * whose init carries `onUploadProgress` go through XMLHttpRequest; every other request
 * goes through fetch. Either way the caller gets a Response.
 */
import { AppError, DEFAULT_ERROR_MESSAGE } from '../errors';
import type { Transport } from './session-fetch';

/** A RequestInit that asks to hear the upload's progress (0–100). */
export interface UploadInit extends RequestInit {
  onUploadProgress?: (percent: number) => void;
}

/** Statuses a Response cannot be built with a body for. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function sendWithProgress(url: string, init: UploadInit, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    });
    xhr.addEventListener('load', () => {
      const body = NULL_BODY_STATUSES.has(xhr.status) || !xhr.responseText ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } }));
    });
    const failed = () => reject(new AppError(DEFAULT_ERROR_MESSAGE, 0));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
}

/** The browser's transport: fetch, or XMLHttpRequest when the init asks for upload progress. */
export const browserTransport: Transport = (url, init: UploadInit) => {
  const { onUploadProgress, ...rest } = init;
  return onUploadProgress ? sendWithProgress(url, rest, onUploadProgress) : fetch(url, rest);
};
