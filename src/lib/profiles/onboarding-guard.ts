/**
 * Leading members who have not finished onboarding to it: a signed-in member whose
 * `onboarded` is false and who asks for a member-only screen goes to /onboarding instead.
 * Onboarding itself and the settings screens (password, privacy, profile) stay open, so a
 * member can always manage their account; public pages are never redirected. The directory
 * (/founders, /advisors) is public for visitors and member search for members, so a signed-in
 * member is led to onboarding from it too.
 */
import { routeAccess } from '../session/guards';

const ONBOARDING_PATH = '/onboarding';

/** Member-only screens a member may use before onboarding. */
const OPEN_BEFORE_ONBOARDING = [ONBOARDING_PATH, '/settings'];

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Public pages that are member screens once signed in. */
const MEMBER_SCREENS_WHEN_SIGNED_IN = ['/founders', '/advisors'];

/** Where to send this member instead of `pathname`, or null to let the request through. */
export function onboardingRedirect(pathname: string, user: { onboarded: boolean } | null): string | null {
  if (!user || user.onboarded) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (routeAccess(pathname) !== 'member' && !MEMBER_SCREENS_WHEN_SIGNED_IN.some((prefix) => within(path, prefix))) return null;
  return OPEN_BEFORE_ONBOARDING.some((prefix) => within(path, prefix)) ? null : ONBOARDING_PATH;
}
