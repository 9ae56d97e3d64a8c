/**
 * Registration through the app (POST /api/register and the /register form): the required
 * consent is checked here first, so a refused form never reaches the API. Both `agreement`
 * and `subscription` were required before; the digest (`subscription`) is an opt-in since
 * issue 28 (finding 10): a mail list is no condition of an account (docs/decisions.md).
 */
import type { InferRequestType } from 'hono/client';
import { data, type ApiClient } from '../api/client';
import { AppError } from '../errors';
import { outcome, serverClient, type ServerCallOptions } from './api-client';

/** The consent that must be truthy before anything is sent. */
const REQUIRED_CONSENTS = ['agreement'] as const;
const CONSENT_PROBLEM = 'must be accepted';

export type RegisterResult = { ok: true } | { ok: false; error: AppError };

/** What POST /users/register takes. */
type RegisterBody = InferRequestType<ApiClient['users']['register']['$post']>['json'];

/** The consents that are missing or falsy in `fields`. */
export function missingConsents(fields: Record<string, unknown>): string[] {
  return REQUIRED_CONSENTS.filter((name) => !fields[name]);
}

/**
 * The 400 for missing consents, in the API's validation shape:
 * `agreement: must be accepted` with `data.fields.agreement`.
 */
function consentError(missing: readonly string[]): AppError {
  const fields = Object.fromEntries(missing.map((name) => [name, CONSENT_PROBLEM]));
  return new AppError(missing.map((name) => `${name}: ${CONSENT_PROBLEM}`).join('; '), 400, { fields });
}

/**
 * Registers a member: refuses without any API call unless the terms are accepted,
 * otherwise posts the fields to /users/register (`agreement` as `true`, the digest opt-in
 * `subscription` as whether it was truthy).
 */
export async function registerMember(fields: Record<string, unknown>, options: Omit<ServerCallOptions, 'token'> = {}): Promise<RegisterResult> {
  const missing = missingConsents(fields);
  if (missing.length > 0) return { ok: false, error: consentError(missing) };
  // The fields go on as the visitor typed them: the API checks each one and names the wrong ones.
  // The digest is an opt-in: only a ticked box (`on`) or a true value says yes, never "false" or "0".
  const optedIn = fields.subscription === true || fields.subscription === 'on' || fields.subscription === 'true';
  const body = { ...fields, agreement: true, subscription: optedIn } as RegisterBody;
  const result = await outcome(data(serverClient(options).users.register.$post({ json: body })));
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}
