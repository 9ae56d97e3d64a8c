/**
 * Web push settings from the worker's env. `VAPID_PRIVATE_KEY` is the application server's
 * P-256 key as a JWK (JSON text, a secret; `npm start` makes one for development); the public
 * key the browser subscribes with is derived from it. Without it push is off: the devices
 * routes answer 404 "Push is not configured" and nothing is sent.
 */
export type PushConfig = {
  privateJWK: JsonWebKey;
  /** The uncompressed public point, base64url: `applicationServerKey` for PushManager.subscribe. */
  publicKey: string;
  /** The VAPID `sub`: who push services may contact (`VAPID_SUBJECT`, default mailto of the mail sender). */
  subject: string;
  /** First retry delay in ms; each next one is 4× longer (PUSH_RETRY_BASE_MS, default 2000). */
  retryBaseMs: number;
  /**
   * Tests only: plain-http loopback endpoints are accepted and sent to (the push service
   * stand-in), when `PUSH_ALLOW_LOOPBACK_FOR_TESTS` is `true` in development; never by
   * development alone (push/endpoints.ts).
   */
  allowLoopback: boolean;
};

export type PushVars = { VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; PUSH_RETRY_BASE_MS?: string; ENVIRONMENT?: string; PUSH_ALLOW_LOOPBACK_FOR_TESTS?: string };

const DEFAULT_SUBJECT = 'mailto:no-reply@foundermesh.app';

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The push settings, or null when no valid VAPID key is configured. */
export function readPushConfig(vars: PushVars): PushConfig | null {
  const raw = vars.VAPID_PRIVATE_KEY?.trim();
  if (!raw) return null;
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(raw) as JsonWebKey;
  } catch {
    console.error('push: VAPID_PRIVATE_KEY is not JSON (a P-256 JWK); push is off');
    return null;
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y || !jwk.d) {
    console.error('push: VAPID_PRIVATE_KEY is not a P-256 private JWK; push is off');
    return null;
  }
  const point = new Uint8Array(65);
  point[0] = 4;
  point.set(fromBase64url(jwk.x), 1);
  point.set(fromBase64url(jwk.y), 33);
  const base = Number(vars.PUSH_RETRY_BASE_MS);
  return {
    privateJWK: jwk,
    publicKey: base64url(point),
    subject: vars.VAPID_SUBJECT?.trim() || DEFAULT_SUBJECT,
    retryBaseMs: Number.isFinite(base) && base > 0 ? base : 2000,
    allowLoopback: vars.ENVIRONMENT?.trim() === 'development' && vars.PUSH_ALLOW_LOOPBACK_FOR_TESTS?.trim() === 'true',
  };
}
