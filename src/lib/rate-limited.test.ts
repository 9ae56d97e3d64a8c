import { describe, expect, it } from 'vitest';
import { toAppError } from './errors';
import { failureKind, rateLimitedMessage } from './rate-limited';

describe('a 429 shown to a member', () => {
  it('says what was refused and the wait from Retry-After in words', () => {
    const body = { message: 'Too many connection requests. Please try again in 5 minutes.', status: 429, data: { retryAfter: 250 } };
    expect(toAppError(body).message).toBe('Too many connection requests. Please try again in 5 minutes.');
    expect(toAppError({ ...body, data: { retryAfter: 86_400 } }).message).toBe('Too many connection requests. Please try again in 24 hours.');
    expect(toAppError({ ...body, message: 'Slow down', data: { retryAfter: 30 } }).message).toBe('You are doing that too often. Please try again in 1 minute.');
  });

  it('keeps the message when no wait is known, and leaves other errors alone', () => {
    expect(rateLimitedMessage('Too many uploads. Please try later.', null)).toBe('Too many uploads. Please try later.');
    expect(toAppError({ message: 'Too many cooks.', status: 409, data: { retryAfter: 60 } }).message).toBe('Too many cooks.');
  });

  it('is an info toast, other failures error toasts', () => {
    expect(failureKind(toAppError({ message: 'Too many uploads.', status: 429, data: { retryAfter: 60 } }))).toBe('info');
    expect(failureKind(toAppError({ message: 'Nope', status: 403, data: null }))).toBe('error');
  });
});
