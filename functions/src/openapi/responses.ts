/**
 * The error responses every route documents, built from one schema so that the OpenAPI
 * document says exactly what errors.ts sends.
 */
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: 'Something went to wrong' }),
    status: z.number().int().openapi({ example: 500 }),
    data: z.unknown().openapi({ description: 'Details; null when there are none.' }),
    requestId: z.string().openapi({
      description: 'The id of the request, as in its `X-Request-Id` header and its log line (docs/operations.md).',
      example: '0b6d1f3e-8a52-4c1e-9f7d-2f0c4e8a1b3d',
    }),
  })
  .openapi('Error', { description: 'The one error shape of the API.' });

export const ValidationErrorSchema = ErrorSchema.extend({
  data: z.object({
    fields: z.record(z.string(), z.string()).openapi({
      description: 'Field path (dotted) → what is wrong with it.',
      example: { email: 'must be a valid address', password: 'must be at least 8 characters' },
    }),
    reason: z.string().optional().openapi({ description: 'A machine-readable reason, e.g. `email_not_verified`.' }),
  }),
}).openapi('ValidationError', { description: 'An error about named fields of the request.' });

export const RateLimitErrorSchema = ErrorSchema.extend({
  data: z.object({ retryAfter: z.number().int().openapi({ description: 'Seconds until the next attempt is accepted.' }) }),
}).openapi('RateLimitError', { description: 'Too many attempts; the Retry-After header carries the same number of seconds.' });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

const SCHEMA_BY_STATUS: Record<ErrorStatus, z.ZodType> = {
  400: ValidationErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ValidationErrorSchema,
  413: ErrorSchema,
  415: ErrorSchema,
  429: RateLimitErrorSchema,
  500: ErrorSchema,
};

const DEFAULT_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: the fields at fault are named in `data.fields`.',
  401: 'Not signed in, or the session has expired.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'Conflicts with existing data.',
  413: 'The request body is larger than 64 KB.',
  415: 'The body is not sent as application/json.',
  429: 'Too many attempts.',
  500: 'Something went wrong on our side.',
};

/** Statuses every route with a JSON body can answer besides its own. */
export const JSON_BODY_ERRORS = [400, 413, 415] as const;

/**
 * Response entries for createRoute: each status with its schema and a description,
 * overridable per route (`{ 401: 'Wrong email or password.' }`). 500 is always included.
 * `withFields` lists statuses whose body names fields although they usually do not.
 */
export function errorResponses(statuses: readonly ErrorStatus[], descriptions: Partial<Record<ErrorStatus, string>> = {}, withFields: readonly ErrorStatus[] = []) {
  const entries = [...new Set<ErrorStatus>([...statuses, 500])].map((status) => [
    status,
    {
      description: descriptions[status] ?? DEFAULT_DESCRIPTIONS[status],
      content: { 'application/json': { schema: withFields.includes(status) ? ValidationErrorSchema : SCHEMA_BY_STATUS[status] } },
    },
  ]);
  return Object.fromEntries(entries) as Record<ErrorStatus, { description: string; content: { 'application/json': { schema: z.ZodType } } }>;
}

/** A JSON response entry for createRoute. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { body: { required: true, description, content: { 'application/json': { schema } } } };
}
