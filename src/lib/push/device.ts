/**
 * This browser's push subscription: subscribe with the server's public key after the member
 * clicked (the permission prompt never opens by itself), and the endpoint of the current one.
 */

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The endpoint of this browser's subscription, or null when it has none. */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

export type Subscribed = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Asks for permission (call from a click) and subscribes this browser; answers its
 * subscription for the server, or the reason it could not.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<Subscribed | { refused: string }> {
  if (!pushSupported()) return { refused: 'This browser cannot receive notifications.' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { refused: 'Notifications are blocked for this site in your browser settings.' };
  const registration = await navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready);
  const subscription =
    (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { refused: 'The browser gave no push keys.' };
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Unsubscribes this browser (after its device was removed on the server). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** Tells this browser's service worker that a conversation was read: its notifications go away. */
export function clearConversationNotifications(threadId: string): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  navigator.serviceWorker.controller.postMessage({ type: 'clear', tag: `thread-${threadId}` });
}
