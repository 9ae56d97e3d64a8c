/**
 * Input limits of the auth forms. They mirror the API's schemas
 * (functions/src/auth/schemas.ts, functions/src/auth/password.ts) so the browser stops a
 * value the API would refuse anyway; the API stays the authority.
 */
import { PROFILE_LIMITS } from '@api/shared/profile-vocabulary';

export const LIMITS = {
  email: 254,
  // One limit for a name everywhere: registration, onboarding and settings.
  name: PROFILE_LIMITS.nameMax,
  passwordMin: 12,
  passwordMax: 128,
  code: 6,
  resetCode: 256,
} as const;
