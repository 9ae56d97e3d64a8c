/**
 * ASVS 2.1.7 at sign-in: a member whose password, set before the common-password check
 * existed, is on the list of common and breached passwords still signs in (refusing them
 * would lock them out), but lands on the password settings with a notice asking for a new
 * one instead of their next page. The check runs here, in the app worker, on the password
 * the sign-in form posted, so the API's login answer keeps the shape docs/product.md#login-resolution gives it.
 */
import { isCommonPassword } from '@api/auth/common-passwords';
import { afterSignInPath } from '../session/next-path';
import { withNotice } from '../session/notices';

/** Where a member who just signed in with `password` goes next. */
export function pathAfterPasswordSignIn(url: URL, user: { onboarded: boolean } | null | undefined, password: string): string {
  return isCommonPassword(password) ? withNotice('/settings/password', 'common-password') : afterSignInPath(url, user);
}
