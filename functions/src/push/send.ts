/**
 * Sending one push to a member's devices (standard Web Push: VAPID and aes128gcm through
 * @block65/webcrypto-web-push on WebCrypto). Called by the member's live object once no open socket
 * got the event (live/live-object.ts), never on a request's path. An endpoint answering
 * 404 or 410 is removed in the same send; 429, 5xx and network failures come back for a
 * retry with backoff. Only the browsers' push services are ever sent to (endpoints.ts): a
 * device stored under an older rule whose endpoint is not one of them is removed unsent, and a
 * redirect is a failure, never followed.
 */
import { buildPushPayload } from '@block65/webcrypto-web-push';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { PushNote } from '../ports/live';
import { pushSubscriptions } from '../db/schema';
import { isListedMember } from '../members/listed';
import type { PushConfig } from './config';
import { endpointProblem } from './endpoints';
import { PREFERENCE_KINDS, type PreferenceKind } from './kinds';
import { channelFor } from './preferences';

/** What a send did: devices reached, removed (gone), and to retry (their ids). */
export type PushOutcome = { sent: number; removed: number; retry: string[] };

/** What the service worker receives (public/sw.js shows it). */
export type PushPayload = { type: 'notification'; title: string; body: string; url: string; tag: string; kind: string };

/** At most this many characters of body reach the push service (payloads are capped near 4 kB). */
const BODY_LIMIT = 240;

/** The `Topic` header: up to 32 URL-safe base64 characters, the same for one conversation. */
export async function topicOf(tag: string): Promise<string> {
  if (/^[A-Za-z0-9_-]{1,32}$/.test(tag)) return tag;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tag)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .slice(0, 32);
}

/** The payload of a note, its body cut to fit. */
export function payloadOf(note: PushNote): PushPayload {
  const body = note.body.length > BODY_LIMIT ? `${note.body.slice(0, BODY_LIMIT - 1)}…` : note.body;
  return { type: 'notification', title: note.title, body, url: note.url, tag: note.tag, kind: note.kind };
}

/**
 * Sends the note to the member's devices (or only to `only`, on a retry) when the member
 * wants pushes of its kind and may be reached (not suspended, no pending deletion).
 */
export async function deliverPush(deps: Pick<Deps, 'db' | 'clock'>, config: PushConfig, userId: string, note: PushNote, only?: readonly string[]): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, retry: [] };
  if (!PREFERENCE_KINDS.includes(note.kind as PreferenceKind)) return outcome;
  const [channel, reachable] = await Promise.all([channelFor(deps, userId, note.kind as PreferenceKind), isListedMember(deps, userId)]);
  if (channel !== 'push' || !reachable) return outcome;
  const owned = eq(pushSubscriptions.userId, userId);
  const stored = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(only ? and(owned, inArray(pushSubscriptions.id, [...only])) : owned);
  const devices = stored.filter((device) => endpointProblem(device.endpoint, config) === null);
  const refused = stored.filter((device) => !devices.includes(device)).map((device) => device.id);
  if (refused.length > 0) console.error(`push: devices ${refused.join(', ')} removed unsent: not a browser's push service`);
  if (stored.length === 0) return outcome;
  const payload = payloadOf(note);
  const topic = await topicOf(note.tag);
  const results = await Promise.all(devices.map(async (device) => ({ device, status: await sendOne(config, device, payload, topic) })));
  const gone = [...refused, ...results.filter((r) => r.status === 404 || r.status === 410).map((r) => r.device.id)];
  const delivered = results.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.device.id);
  outcome.retry = results.filter((r) => r.status === 0 || r.status === 429 || r.status >= 500).map((r) => r.device.id);
  outcome.sent = delivered.length;
  outcome.removed = gone.length;
  const at = deps.clock.now().toISOString();
  await Promise.all([
    gone.length > 0 ? deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone)) : undefined,
    delivered.length > 0 ? deps.db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(inArray(pushSubscriptions.id, delivered)) : undefined,
  ]);
  for (const r of results)
    if (r.status >= 300 && r.status !== 404 && r.status !== 410 && r.status !== 429 && r.status < 500)
      console.error(`push: ${r.status} from the push service of device ${r.device.id}`);
  return outcome;
}

/** One request to one push service; answers its status, 0 when it could not be reached. */
async function sendOne(config: PushConfig, device: typeof pushSubscriptions.$inferSelect, payload: PushPayload, topic: string): Promise<number> {
  // The library signs for https endpoints only; the development stand-in listens on plain http loopback.
  const loopback = config.allowLoopback && device.endpoint.startsWith('http://');
  try {
    const request = await buildPushPayload(
      { data: payload, options: { ttl: 86_400, urgency: 'high', topic } },
      { endpoint: loopback ? device.endpoint.replace(/^http:/, 'https:') : device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
      { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateJWK.d },
    );
    // A redirect is answered as is (3xx: a failure, logged below), so no push leaves for another host.
    const response = await fetch(device.endpoint, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual' });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    console.error(`push: device ${device.id} not reached`, error);
    return 0;
  }
}
