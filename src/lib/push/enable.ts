/**
 * Turning web push on for this browser, from a click (the settings page and the bell's
 * drop-down share it): the server's public key, the browser's subscription (the permission
 * prompt opens here, never by itself), then the device stored on the server.
 */
import type { ApiClient } from '../api/client';
import { data } from '../api/client';
import { currentEndpoint, pushSupported, subscribeThisBrowser } from './device';

export type PushDevice = { _id: string; endpoint: string; userAgent: string; createdAt: string; lastSuccessAt: string | null };

/** Subscribes this browser and stores it as a device; answers the device, or why not. Throws when the API refuses. */
export async function enablePushOnThisDevice(api: ApiClient): Promise<{ device: PushDevice } | { refused: string }> {
  const { publicKey } = await data(api.push.key.$get());
  const subscribed = await subscribeThisBrowser(publicKey);
  if ('refused' in subscribed) return subscribed;
  const device = await data(api.push.devices.$post({ json: { ...subscribed, userAgent: navigator.userAgent.slice(0, 300) } }));
  return { device };
}

/**
 * Whether to offer turning push on here: the browser can, the member has not blocked
 * notifications for the site, and this browser has no subscription yet.
 */
export async function canOfferPush(): Promise<boolean> {
  if (!pushSupported() || Notification.permission === 'denied') return false;
  return (await currentEndpoint().catch(() => null)) === null;
}
