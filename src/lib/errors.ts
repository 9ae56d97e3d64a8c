/**
 * The error wrapper and catalogue of docs/product.md#errors, shared by the server-rendered pages,
 * the session proxy and the islands. Every failure the app shows goes through `toAppError`,
 * so members always read either the server's own words or one of the fixed texts below.
 */

import { rateLimitedMessage, TOO_MANY_REQUESTS } from './rate-limited';

export const DEFAULT_ERROR_MESSAGE = 'Something went to wrong';
const DEFAULT_ERROR_STATUS = 500;
export const TOKEN_NOT_FOUND = 'Token not found';
export const USER_NOT_FOUND = 'User Account not found';
export const PASSWORD_REST_FAILED = 'Password rest request failed.';
export const VALIDATION_FAILED = 'Validation failed.';
export const SOCIAL_LOGIN_FAILED = 'Social login failed';

/** The wire shape of an error, as the API answers it and as the app forwards it. */
export interface ErrorBody {
  message: string;
  status: number;
  data: unknown;
}

/** The error wrapper: a message for people, an HTTP status and whatever data came with it. */
export class AppError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string = DEFAULT_ERROR_MESSAGE, status: number = DEFAULT_ERROR_STATUS, data: unknown = null) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'AppError';
    this.status = status;
    this.data = data;
  }

  /** The wire shape, for JSON responses. */
  toJSON(): ErrorBody {
    return { message: this.message, status: this.status, data: this.data };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/**
 * Builds the docs/product.md#errors wrapper from anything that went wrong:
 * - an `AppError` is returned as it is;
 * - an API error body `{ message, status, data }` keeps the server's message, or
 *   `data.message` when the top-level one is missing, and its status;
 * - a `Response` keeps its status (its body is read by `readAppError`, which is async);
 * - a thrown `Error` or anything else gives the default message and status, because the
 *   text of a network or programming fault is not written for members.
 * `fallbackStatus` is used when the value itself carries no error status (for example the
 * HTTP status of the response a body came from).
 */
export function toAppError(value: unknown, fallbackStatus: number = DEFAULT_ERROR_STATUS): AppError {
  if (value instanceof AppError) return value;
  if (typeof Response !== 'undefined' && value instanceof Response) {
    return new AppError(DEFAULT_ERROR_MESSAGE, isErrorStatus(value.status) ? value.status : fallbackStatus);
  }
  if (value instanceof Error || !isRecord(value)) {
    return new AppError(DEFAULT_ERROR_MESSAGE, fallbackStatus);
  }
  const data = value.data ?? null;
  const message = nonEmptyString(value.message) ?? (isRecord(data) ? nonEmptyString(data.message) : undefined) ?? DEFAULT_ERROR_MESSAGE;
  const status = isErrorStatus(value.status) ? value.status : fallbackStatus;
  // A limit reached says when to try again, from its Retry-After seconds.
  return new AppError(status === TOO_MANY_REQUESTS ? rateLimitedMessage(message, data) : message, status, data);
}

/** Reads an error response's JSON body (when there is one) into an `AppError`. */
export async function readAppError(response: Response): Promise<AppError> {
  const status = isErrorStatus(response.status) ? response.status : DEFAULT_ERROR_STATUS;
  const body: unknown = await response.json().catch(() => null);
  return body === null ? toAppError(response) : toAppError(body, status);
}

/** The per-field problems of a validation error (`data.fields`), or an empty object. */
export function fieldErrorsOf(error: AppError | null | undefined): Record<string, string> {
  const fields = isRecord(error?.data) ? error.data.fields : undefined;
  if (!isRecord(fields)) return {};
  const result: Record<string, string> = {};
  for (const [name, problem] of Object.entries(fields)) {
    if (typeof problem === 'string' && problem !== '') result[name] = problem;
  }
  return result;
}
