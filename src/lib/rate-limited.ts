/**
 * A 429 shown kindly: the API's "Too many …" sentence with the wait recomputed from
 * `Retry-After` (the error's `data.retryAfter`, seconds) in words, and an info toast rather
 * than an error one (docs/security.md "Floods").
 */
import { waitText } from '@api/shared/wait-text';
import type { ToastKind } from './toast';

export const TOO_MANY_REQUESTS = 429;
const FALLBACK_SENTENCE = 'You are doing that too often.';

/** The seconds to wait that a 429's data carries, or null. */
export function retryAfterOf(data: unknown): number | null {
  const value = typeof data === 'object' && data !== null ? (data as { retryAfter?: unknown }).retryAfter : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The words for a 429: what was refused, and when to try again (`message` as it is when no wait is known). */
export function rateLimitedMessage(message: string, data: unknown): string {
  const seconds = retryAfterOf(data);
  if (seconds === null) return message;
  const sentence = /^(Too many [^.]*\.)/.exec(message)?.[1] ?? FALLBACK_SENTENCE;
  return `${sentence} Please try again in ${waitText(seconds)}.`;
}

/** The toast kind for a failure: a limit reached is information, anything else an error. */
export function failureKind(error: { status: number }): ToastKind {
  return error.status === TOO_MANY_REQUESTS ? 'info' : 'error';
}
