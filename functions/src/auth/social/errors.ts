/**
 * The one refusal of a provider sign-in (docs/product.md#errors): `Social login failed`, with the
 * provider's status or 500, and a `data.reason` the app turns into a message. Each one is
 * logged with its cause for the operator; the member never sees the provider's own words.
 */
import { ApiError } from '../../errors';

export const SOCIAL_LOGIN_FAILED = 'Social login failed';

/** Why a provider sign-in was refused, for the app's message. */
export type SocialFailureReason = 'access_denied' | 'state_mismatch' | 'provider_error' | 'email_not_verified' | 'identity_taken';

/** Logs `cause` and answers the catalogue's error with `status` (100–599, else 500). */
export function socialLoginFailed(status: number, cause: string, reason: SocialFailureReason = 'provider_error'): ApiError {
  const answered = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
  console.error(`social login failed (${answered}, ${reason}): ${cause}`);
  return new ApiError(answered, SOCIAL_LOGIN_FAILED, { reason });
}
