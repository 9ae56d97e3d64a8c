/**
 * Turns zod's issues into the friendly, field-named errors of the API
 * (`email: must be a valid address`), for every route's validator.
 */
import type { z } from '@hono/zod-openapi';
import { invalidFields, type FieldErrors } from '../errors';

type Issue = z.core.$ZodIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

const FORMAT_PROBLEMS: Record<string, string> = {
  email: 'must be a valid address',
  url: 'must be a valid web address',
};

function sizeProblem(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const side = issue.code === 'too_small' ? 'at least' : 'at most';
  if (issue.origin === 'string') {
    if (issue.code === 'too_small' && bound === 1) return 'must not be empty';
    return `must be ${side} ${bound} character${bound === 1 ? '' : 's'}`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') return `must have ${side} ${bound} item${bound === 1 ? '' : 's'}`;
  return `must be ${side} ${bound}`;
}

function listOf(values: readonly unknown[]): string {
  return values.map((value) => String(value)).join(', ');
}

/** What is wrong with one value, in words a form can show under the field. */
function problemOf(issue: Issue, missing: boolean): string {
  if (missing && ['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code)) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
    case 'too_big':
      return sizeProblem(issue);
    case 'invalid_format':
      // A regex carries the schema's own words ("must be the 6-digit code from the email").
      if (issue.format === 'regex') return issue.message;
      return FORMAT_PROBLEMS[issue.format] ?? `must be a valid ${issue.format}`;
    case 'invalid_value':
      if (issue.values.length === 1 && issue.values[0] === true) return 'must be accepted';
      if (issue.values.length === 1) return `must be ${JSON.stringify(issue.values[0])}`;
      return `must be one of: ${listOf(issue.values)}`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      return Array.isArray(options) ? `must be one of: ${listOf(options)}` : 'is not valid';
    }
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    case 'custom':
      return issue.message;
    default:
      return 'is not valid';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Maps zod issues to `{ "dotted.path": "problem" }`, first problem per field.
 * `input` is the raw value that was checked, used to tell "missing" from "wrong type";
 * an issue about the whole value is reported under `rootName` (`body`, `query`).
 */
export function fieldErrorsOf(issues: readonly Issue[], input: unknown, rootName: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : rootName;
    if (field in fields) continue;
    const missing = issue.path.length === 0 ? input === undefined : valueAt(input, issue.path) === undefined;
    fields[field] = problemOf(issue, missing);
  }
  return fields;
}

const ROOT_NAMES: Record<string, string> = { json: 'body', form: 'body' };

/** What a route's validator hands its hook: the value checked (`data`) and, on failure, zod's issues. */
export type ValidationResult = { success: boolean; target: string; error?: { issues: readonly Issue[] }; data?: unknown };

/**
 * The `defaultHook` of every OpenAPIHono app: a failed validation throws the API's 400,
 * which the error handler answers. Successful results pass through untouched.
 */
export function validationHook(result: ValidationResult): void {
  if (result.success || !result.error) return;
  throw invalidFields(fieldErrorsOf(result.error.issues, result.data, ROOT_NAMES[result.target] ?? result.target));
}
