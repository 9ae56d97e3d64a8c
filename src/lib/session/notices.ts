/**
 * Messages shown after a redirect. The address carries only a short key
 * (`?notice=password-changed`); the text comes from this table, so nothing typed into an
 * address bar is ever shown as a message.
 */

export type NoticeKind = 'success' | 'info' | 'error';
export interface Notice {
  kind: NoticeKind;
  text: string;
}

export const NOTICES = {
  'invitation-sent': { kind: 'success', text: 'Your invitation is on its way.' },
  'work-code-sent': { kind: 'success', text: 'We emailed you a code: type it below.' },
  'work-verified': { kind: 'success', text: 'Your work address is verified: your badge shows its domain.' },
  'work-removed': { kind: 'success', text: 'Your work verification is removed.' },
  'password-changed': { kind: 'success', text: 'Your password has been changed. Other devices have been signed out.' },
  'password-reset': { kind: 'success', text: 'Your new password is set and you are signed in.' },
  'email-verified': { kind: 'success', text: 'Your email address is verified. Welcome to FounderMesh!' },
  // The mailed link opened again: the address was verified before.
  'already-verified': { kind: 'success', text: 'Your email address is already verified.' },
  'already-verified-sign-in': { kind: 'success', text: 'Your email address is already verified. Sign in to continue.' },
  'signed-out': { kind: 'info', text: 'You have been signed out.' },
  'session-ended': { kind: 'success', text: 'That device has been signed out.' },
  // A tab whose session ended elsewhere lands on sign-in with one of these (./ended.ts).
  'signed-out-elsewhere': { kind: 'info', text: 'You were signed out on another device or in another tab. Sign in again to continue.' },
  'signed-out-everywhere': { kind: 'info', text: 'You were signed out everywhere, this device included. Sign in again to continue.' },
  'signed-out-password-changed': { kind: 'info', text: 'Your password was changed, so this device was signed out. Sign in with the new password.' },
  'signed-out-suspended': { kind: 'error', text: 'Your account has been suspended, so you were signed out.' },
  'session-expired': { kind: 'info', text: 'Your session has expired. Please sign in again.' },
  'account-deleted': { kind: 'info', text: 'Your account has been deleted, so you were signed out.' },
  'common-password': {
    kind: 'info',
    text: 'You are signed in. Your password is on a list of common passwords that attackers try first: please choose a new one now.',
  },
  'code-sent': { kind: 'success', text: 'We have sent a 6-digit code to your email address. It may take a minute to arrive.' },
  'verify-first': { kind: 'info', text: 'Please verify your email address first. We have sent you a new code.' },
  'social-denied': { kind: 'info', text: 'Signing in was cancelled at the provider, so nothing was shared with FounderMesh. Try again or use your email and password.' },
  'social-failed': { kind: 'error', text: 'Social login failed. Please try again, or sign in with your email and password.' },
  'social-unverified': {
    kind: 'error',
    text: 'Social login failed: that account has no verified email address. Verify it with the provider, or sign in with your email and password.',
  },
  'social-taken': { kind: 'error', text: 'That provider account is already linked to another FounderMesh account.' },
  'provider-linked': { kind: 'success', text: 'The provider is linked: you can now sign in with it.' },
  'provider-unlinked': { kind: 'success', text: 'The provider is unlinked from your account.' },
  'last-sign-in-method': { kind: 'error', text: 'That is the only way you sign in: set a password or link another provider before unlinking it.' },
} as const satisfies Record<string, Notice>;

export type NoticeKey = keyof typeof NOTICES;

/** The notice for a query value, or null for anything not in the table. */
export function noticeFor(key: string | null | undefined): Notice | null {
  return key && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null;
}

/** `path` with `?notice=<key>` (or `&notice=` when it has a query already). */
export function withNotice(path: string, key: NoticeKey): string {
  return `${path}${path.includes('?') ? '&' : '?'}notice=${key}`;
}
