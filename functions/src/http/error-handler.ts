/**
 * How failures become responses: ApiErrors answer as they are; hono's own HTTP errors
 * (malformed JSON, wrong content type, oversized body) get the same shape; anything else
 * is logged, goes to the error tracker when one is configured (error-tracker.ts) and answers
 * the generic 500. Unknown routes answer the 404. Every error body carries the request's id
 * (`requestId`, as its `X-Request-Id` header: request-log.ts).
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { ApiError, type ErrorBody, GENERIC_ERROR_MESSAGE, invalidFields } from '../errors';
import { bodyTooLargeMessage, MAX_BODY_BYTES } from '../body-size';
import { reportError } from './error-tracker';
import { routePatternOf } from './request-log';

/** The answer to a body over its route's limit (MAX_BODY_BYTES unless the route allows more, body-limits.ts). */
export function bodyTooLarge(maxBytes: number = MAX_BODY_BYTES): ApiError {
  return new ApiError(413, bodyTooLargeMessage(maxBytes), { maxBytes });
}

function fromHttpException(error: HTTPException): ApiError {
  if (error.status === 400 && /json/i.test(error.message)) return invalidFields({ body: 'must be valid JSON' });
  if (error.status === 415) return new ApiError(415, 'The request body must be sent as application/json.', { fields: { body: 'must be sent as application/json' } });
  if (error.status === 413) return bodyTooLarge();
  return new ApiError(error.status, error.message || GENERIC_ERROR_MESSAGE);
}

/** An error body with the request's id beside the API's `{ message, status, data }`. */
export function errorBodyOf(c: Context<AppEnv>, body: ErrorBody): ErrorBody & { requestId: string } {
  return { ...body, requestId: c.get('requestId') };
}

/** Sends an ApiError with its status, body and headers. */
function respondWith(c: Context<AppEnv>, error: ApiError): Response {
  return c.json(errorBodyOf(c, error.toBody()), error.status as ContentfulStatusCode, error.headers);
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return respondWith(c, error);
  if (error instanceof HTTPException && error.status < 500) return respondWith(c, fromHttpException(error));
  const route = routePatternOf(c);
  // The route pattern, not the path: a path can carry member ids and tokens.
  console.error(`${c.req.method} ${route ?? '(no route)'} failed (request ${c.get('requestId')}):`, error);
  reportError(error, { request_id: c.get('requestId'), route: route ?? 'none', method: c.req.method });
  return respondWith(c, new ApiError(500, GENERIC_ERROR_MESSAGE));
};

const NOT_FOUND_BODY: ErrorBody = { message: 'Not found', status: 404, data: null };

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => c.json(errorBodyOf(c, NOT_FOUND_BODY), 404);
