/**
 * Reading multipart forms (profile, post and message forms, the attachment upload): one
 * answer for a body that is not a form (415, in the route's own words) or a broken one
 * (400 naming `body`), and text fields that say so when a file stands where text belongs.
 */
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { ApiError, invalidFields, type FieldErrors } from '../errors';

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const MALFORMED_FORM = 'must be a valid multipart form';

/**
 * The request's form: its Content-Type must name a form (else 415 with `multipartOnly`,
 * the route's own words), and the body must parse (else 400).
 */
export async function readFormBody(c: Context<AppEnv>, multipartOnly: string): Promise<FormData> {
  if (!FORM_TYPES.test(c.req.header('Content-Type') ?? '')) throw new ApiError(415, multipartOnly, { fields: { body: 'must be sent as multipart/form-data' } });
  try {
    return await c.req.formData();
  } catch {
    throw invalidFields({ body: MALFORMED_FORM });
  }
}

/** A text field of the form (undefined when absent); a file there is an error named by `key`. */
export function textField(form: FormData, key: string, errors: FieldErrors): string | undefined {
  const value = form.get(key);
  if (value === null) return undefined;
  if (typeof value !== 'string') {
    errors[key] = 'must be text';
    return undefined;
  }
  return value;
}
