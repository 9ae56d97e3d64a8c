/**
 * Telling a member about billing: a failed renewal payment gets a notification (live) and
 * a mail, each once per failed period. A failed notice is logged and never fails the sync.
 */
import type { Deps } from '../deps';
import { deliver } from '../notifications/deliver';

/** The settings page where the card is fixed. */
export const BILLING_SETTINGS_PATH = '/settings/billing';

const TITLE = 'Your Premium payment failed';
const BODY = 'We could not charge your card for Premium. Premium stays on while we retry: update your card in billing settings to keep it.';

/** Notifies and mails a member that the renewal of `subscriptionId` for the period ending `periodEnd` failed. */
export async function noticePaymentFailed(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'mailer' | 'config' | 'notifications'>,
  userId: string,
  subscriptionId: string,
  periodEnd: string,
): Promise<void> {
  const link = `${deps.config.appUrl}${BILLING_SETTINGS_PATH}`;
  try {
    // Stored once per failed period (its event id): a failure told already is neither notified nor mailed again.
    await deliver(deps, {
      userId,
      senderId: null,
      kind: 'account.premium',
      title: TITLE,
      body: BODY,
      link: BILLING_SETTINGS_PATH,
      refId: subscriptionId,
      eventId: `payment-failed:${subscriptionId}:${periodEnd}`,
      mail: {
        subject: TITLE,
        text: `${BODY}\n\nUpdate your card: ${link}\n`,
        html: `<p>${BODY}</p><p><a href="${link}">Update your card</a></p>`,
      },
    });
  } catch (error) {
    console.error(`payment-failed notice to ${userId} failed`, error);
  }
}
