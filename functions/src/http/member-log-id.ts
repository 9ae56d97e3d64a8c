/**
 * The member a log line is about, in a form that cannot be turned back into their id: the first
 * 16 hex digits (64 bits) of HMAC-SHA-256(id) under a key only the deployment has. The same member
 * gets the same log id, so one member's requests can be followed, but neither the logs nor the
 * database alone tell who it is. The key is LOG_ID_KEY when set; otherwise one derived from
 * JWT_SECRET under its own label, so a deployment needs no new secret (docs/operations.md says
 * what rotating either does). With neither, lines carry no member at all.
 */

type LogIdVars = { LOG_ID_KEY?: string; JWT_SECRET?: string };

/** Keeps the derived key apart from every other use of JWT_SECRET. */
const DERIVATION_LABEL = 'foundermesh member log id v1';
const LOG_ID_HEX_DIGITS = 16;

const encoder = new TextEncoder();
/** Imported keys by secret: a worker has one or two, imported once per isolate. */
const keys = new Map<string, Promise<CryptoKey>>();

const hmacKey = (raw: BufferSource) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

async function deriveFromJwtSecret(secret: string): Promise<CryptoKey> {
  const derived = await crypto.subtle.sign('HMAC', await hmacKey(encoder.encode(secret)), encoder.encode(DERIVATION_LABEL));
  return hmacKey(derived);
}

function keyOf(vars: LogIdVars): Promise<CryptoKey> | null {
  const [name, secret] = vars.LOG_ID_KEY ? ['log', vars.LOG_ID_KEY] : vars.JWT_SECRET ? ['jwt', vars.JWT_SECRET] : [];
  if (!name || !secret) return null;
  const cacheKey = `${name}:${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = name === 'log' ? hmacKey(encoder.encode(secret)) : deriveFromJwtSecret(secret);
    keys.set(cacheKey, key);
  }
  return key;
}

/** The member's log id, or null when there is no member or no key to make one with. */
export async function memberLogId(memberId: string | undefined, vars: LogIdVars): Promise<string | null> {
  const key = memberId ? keyOf(vars) : null;
  if (!memberId || !key) return null;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(memberId)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, LOG_ID_HEX_DIGITS);
}
