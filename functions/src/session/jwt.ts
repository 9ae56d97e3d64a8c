/**
 * HS256 JSON Web Tokens (RFC 7519) on WebCrypto: sign a claims object, and read the claims
 * of a token whose header names HS256 and whose signature holds. The claims themselves are
 * checked by the caller (token.ts reads the times from the injected clock).
 */
const HEADER = { alg: 'HS256', typ: 'JWT' };
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of unpadded base64url text; throws on anything else. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new TypeError('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const jsonPart = (value: unknown) => toBase64Url(encoder.encode(JSON.stringify(value)));
const readJsonPart = (part: string): unknown => JSON.parse(decoder.decode(fromBase64Url(part)));

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** `typ`, when present, must say JWT (`JWT`, `jwt` or `application/jwt`); `crit` extensions are refused. */
function isHs256Header(header: unknown): boolean {
  if (typeof header !== 'object' || header === null) return false;
  const { alg, typ } = header as { alg?: unknown; typ?: unknown };
  const typOk = typ === undefined || (typeof typ === 'string' && typ.toLowerCase().replace(/^application\//, '') === 'jwt');
  return alg === 'HS256' && typOk && !('crit' in header);
}

/** A token carrying `claims`, signed with `secret` (HMAC SHA-256). */
export async function signJwt(claims: object, secret: string): Promise<string> {
  const unsigned = `${jsonPart(HEADER)}.${jsonPart(claims)}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(unsigned));
  return `${unsigned}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The claims of a token signed with `secret` under HS256; null when it is garbled, of another algorithm or wrongly signed. */
export async function verifyJwt(token: string, secret: string): Promise<Record<string, unknown> | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    if (!isHs256Header(readJsonPart(header))) return null;
    const signed = await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), fromBase64Url(signature), encoder.encode(`${header}.${payload}`));
    if (!signed) return null;
    const claims = readJsonPart(payload);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
