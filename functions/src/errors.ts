/**
 * The one error shape of the API: `{ message, status, data }` (docs/product.md#errors).
 * This module imports no framework so that domain code can throw these errors too.
 */

/** The body of every error response. */
export type ErrorBody = { message: string; status: number; data: unknown };

/** Field name → friendly problem, as validation failures report them. */
export type FieldErrors = Record<string, string>;

/** The message the spec's clients show when nothing better is known. */
export const GENERIC_ERROR_MESSAGE = 'Something went to wrong';

/** An error that becomes exactly one HTTP answer; anything else is a 500. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, data: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }

  /** The response body for this error. */
  toBody(): ErrorBody {
    return { message: this.message, status: this.status, data: this.data };
  }
}

/**
 * A 400 naming the fields at fault; the message lists them the way the forms show them:
 * `email: must be a valid address; password: must be at least 8 characters`.
 */
export function invalidFields(fields: FieldErrors, extra: Record<string, unknown> = {}, status = 400): ApiError {
  const message = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return new ApiError(status, message, { ...extra, fields });
}

/** A domain error whose message is written for people rather than built from the fields. */
export function fieldError(status: number, message: string, fields: FieldErrors, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, message, { ...extra, fields });
}

/**
 * Thrown when the deployment is missing something it needs (a secret, a binding).
 * It answers the generic 500, and the explanation goes to the log for the operator.
 */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}
