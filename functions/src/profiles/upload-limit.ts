/**
 * The profile forms carry pictures, so they need a larger body limit than the API's
 * 64 KB for JSON: two pictures at their limit plus the text fields. app.ts picks the
 * limit per request with isProfileForm.
 */
import { PROFILE_LIMITS } from '../shared/profile-vocabulary';

/** The most a profile form may weigh. */
export const PROFILE_FORM_MAX_BYTES = 2 * PROFILE_LIMITS.imageMaxBytes + 64 * 1024;

const FORM_ROUTES: Record<string, RegExp> = {
  POST: /^\/(founder|advisor)\/onboarding\/?$/,
  PUT: /^\/(founder|advisor)\/profile\/?$/,
};

/** Whether a request is one of the multipart profile forms (onboarding or settings). */
export function isProfileForm(method: string, path: string): boolean {
  return FORM_ROUTES[method.toUpperCase()]?.test(path) ?? false;
}
