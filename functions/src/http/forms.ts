/**
 * Multipart forms validated at the route (profile, post and message forms, the attachment
 * upload). `formRequest` answers a body that is not a form (415, in the route's own words)
 * or a broken one (400 naming `body`) before the form's schema runs; `formBody` puts that
 * schema in the route, which validates and documents the form; the rest are the pieces
 * the schemas are built from. Hono reads a form into one value per key, or an array when
 * the key repeats, with files as File objects.
 */
import { z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { ApiError, invalidFields } from '../errors';
import type { AppEnv } from './context';
import { fieldErrorsOf, type ValidationResult } from './validation';

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const MALFORMED_FORM = 'must be a valid multipart form';

/** A form as hono reads it: each key's value, or its values when the key repeats. */
export type FormValues = Record<string, unknown>;

/**
 * Route middleware of a form route, before the schema: the Content-Type must name a form
 * (else 415 with `multipartOnly`) and the body must parse (else 400). The parsed form
 * stays on the request, where the route's validator reads it.
 */
export function formRequest(multipartOnly: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!FORM_TYPES.test(c.req.header('Content-Type') ?? '')) throw new ApiError(415, multipartOnly, { fields: { body: 'must be sent as multipart/form-data' } });
    try {
      await c.req.formData();
    } catch {
      throw invalidFields({ body: MALFORMED_FORM });
    }
    await next();
  });
}

/** createRoute's request body for a form: `schema` validates and documents it; `lists` are keys sent once per value. */
export function formBody<T extends z.ZodType>(schema: T, description: string, lists: readonly string[] = []) {
  const encoding = Object.fromEntries(lists.map((key) => [key, { style: 'form' as const, explode: true }]));
  return { body: { required: true, description, content: { 'multipart/form-data': { schema, ...(lists.length > 0 ? { encoding } : {}) } } } };
}

/** A key's values, whether it was sent once or repeated (none when left out). */
export function valuesOf(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A key's first value: a text field sent twice reads as its first. */
export function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A file input left empty still sends a part: an empty file with no name. */
export function isEmptyFilePart(value: unknown): boolean {
  return value instanceof File && value.size === 0 && !value.name;
}

/** A single-valued field of the form, checked by `schema` (its first value when repeated). */
export function formField<T extends z.ZodType>(schema: T) {
  return z.preprocess(firstOf, schema);
}

/** A file part (`message` when something else, or nothing, was sent), documented as binary. */
export function formFile(message: string) {
  return z.instanceof(File, { message }).openapi({ type: 'string', format: 'binary' });
}

/**
 * The hook of a form route whose schema first rewrites the form with `normalize` (the
 * profile forms): problems are named against the rewritten form, so a field it leaves out
 * reads as missing, and a problem inside one of `lists` is reported on the list itself.
 */
export function normalizedFormHook(normalize: (form: unknown) => unknown, lists: readonly string[]) {
  const listKeys = new Set(lists);
  return (result: ValidationResult): undefined => {
    if (result.success || !result.error) return undefined;
    const issues = result.error.issues.map((issue) =>
      listKeys.has(String(issue.path[0])) && issue.path.length > 1 ? { ...issue, path: [issue.path[0]!] } : issue,
    ) as typeof result.error.issues;
    throw invalidFields(fieldErrorsOf(issues, normalize(result.data), 'body'));
  };
}
