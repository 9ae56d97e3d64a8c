/**
 * The product's own notices about a member's account (no sender): the password changed
 * or reset, Premium started or ended. A failed notice is logged and never fails the
 * change it reports.
 */
import type { Deps } from '../deps';
import { NOTIFICATION_LINKS } from './links';
import { deliver } from './deliver';
import type { NotifyInput } from './notify';

type D = Pick<Deps, 'db' | 'clock' | 'live' | 'notifications'>;

async function notice(deps: D, input: Omit<NotifyInput, 'senderId'>): Promise<void> {
  try {
    await deliver(deps, { ...input, senderId: null });
  } catch (error) {
    console.error(`account notice ${input.kind} to ${input.userId} failed`, error);
  }
}

/** The notice that a member's password was changed (`changed`, signed in) or reset with a mailed link (`reset`). */
export function passwordNotice(userId: string, how: 'changed' | 'reset'): Omit<NotifyInput, 'senderId'> {
  return {
    userId,
    kind: 'account.changed',
    title: how === 'reset' ? 'Your password was reset' : 'Your password was changed',
    body:
      how === 'reset'
        ? 'Your password was reset with the link we emailed you, and other sessions were signed out. Not you? Reset it again now.'
        : 'Other sessions were signed out. Not you? Reset your password now.',
    link: NOTIFICATION_LINKS.password,
    refId: null,
  };
}

/** Tells a member their password was changed or reset (passwordNotice). */
export function notifyPasswordChanged(deps: D, userId: string, how: 'changed' | 'reset'): Promise<void> {
  return notice(deps, passwordNotice(userId, how));
}

/** Tells a member their Premium membership started or ended. */
export function notifyPremiumChanged(deps: D, userId: string, premium: boolean): Promise<void> {
  return notice(deps, {
    userId,
    kind: 'account.premium',
    title: premium ? 'You are now a Premium member' : 'Your Premium membership ended',
    body: premium
      ? 'Premium features are open to you, such as seeing everyone who viewed your profile.'
      : 'You are back on the free plan. Your profile, connections and messages stay as they are.',
    link: premium ? NOTIFICATION_LINKS.views : NOTIFICATION_LINKS.profile,
    refId: null,
  });
}
