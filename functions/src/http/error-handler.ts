/**
 * How failures become responses: ApiErrors answer as they are; hono's own HTTP errors
 * (malformed JSON, wrong content type, oversized body) get the same shape; anything else
 * is logged and answers the generic 500. Unknown routes answer the 404.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context';
import { ApiError, GENERIC_ERROR_MESSAGE, invalidFields } from '../errors';
import { bodyTooLargeMessage, MAX_BODY_BYTES } from '../body-size';

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

/** Sends an ApiError with its status, body and headers. */
function respondWith(c: Context, error: ApiError): Response {
  return c.json(error.toBody(), error.status as ContentfulStatusCode, error.headers);
}

export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return respondWith(c, error);
  if (error instanceof HTTPException && error.status < 500) return respondWith(c, fromHttpException(error));
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return respondWith(c, new ApiError(500, GENERIC_ERROR_MESSAGE));
};

const NOT_FOUND_BODY = { message: 'Not found', status: 404, data: null };

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => c.json(NOT_FOUND_BODY, 404);
