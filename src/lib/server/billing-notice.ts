/**
 * Whether the shell shows the payment-failed banner on every member page: a renewal payment
 * of the member's subscription failed (`past_due`), so Premium stays on while the provider
 * retries the card, and the member is shown where to fix it. Only a Premium member can be
 * past due (past_due keeps Premium), so free members and visitors cost no call; a Premium
 * member's page asks /subscriptions/cancel-status once. A failed read shows no banner.
 */
import { data } from '../api/client';
import { outcome, serverClient, type ServerCallOptions } from './api-client';
import { readToken, type CookieJar } from '../session/cookies';

/** Where the card is fixed; the billing page shows its own banner, so the shell's stays off there. */
export const BILLING_SETTINGS_PATH = '/settings/billing';

export async function loadPaymentFailed(cookies: CookieJar, url: URL, isPremium: boolean, options: Omit<ServerCallOptions, 'token'> = {}): Promise<boolean> {
  const token = readToken(cookies);
  if (!token || !isPremium || url.pathname === BILLING_SETTINGS_PATH || url.pathname.startsWith(`${BILLING_SETTINGS_PATH}/`)) return false;
  const result = await outcome(data(serverClient({ token, ...options }).subscriptions['cancel-status'].$get()));
  return result.ok && result.data.subscription?.status === 'past_due';
}
