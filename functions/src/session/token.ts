/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET, valid for 7 days (SPEC.md §9).
 * Claims: `sub` and `id` (the user id), `role` (userRole), `ver` (the user's token_version:
 * bumping it signs out every session), `iat`, `exp`. Signing and verifying are jose's; times
 * are checked against the injected clock, so that expiry can be tested.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import { ConfigurationError } from '../errors';

export const TOKEN_LIFETIME_SECONDS = 604_800;

export type TokenClaims = { sub: string; id: string; role: string; ver: number; iat: number; exp: number };

const encoder = new TextEncoder();

/** The HMAC key bytes of JWT_SECRET; a missing secret is a deployment fault. */
function requireSecret(secret: string | null): Uint8Array {
  if (!secret) {
    throw new ConfigurationError('JWT_SECRET is not set: refusing to sign or verify session tokens. Set it with `wrangler secret put JWT_SECRET`.');
  }
  return encoder.encode(secret);
}

/** Signs a token for a user at the clock's current time. */
export async function issueToken(user: { id: string; userRole: string; tokenVersion: number }, secret: string | null, clock: Clock): Promise<string> {
  const iat = Math.floor(clock.now().getTime() / 1000);
  const claims: TokenClaims = { sub: user.id, id: user.id, role: user.userRole, ver: user.tokenVersion, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(requireSecret(secret));
}

function isClaims(payload: Record<string, unknown>): payload is TokenClaims {
  return typeof payload.sub === 'string' && typeof payload.ver === 'number' && typeof payload.iat === 'number' && typeof payload.exp === 'number';
}

/**
 * The claims of a valid token, or null when it is garbled, wrongly signed, not yet valid
 * or expired. A missing secret is a deployment fault and throws instead.
 */
export async function readToken(token: string, secret: string | null, clock: Clock): Promise<TokenClaims | null> {
  const key = requireSecret(secret);
  let payload: Record<string, unknown>;
  try {
    // Only HS256 is accepted (never `none` or another algorithm the header names).
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() }));
  } catch {
    return null;
  }
  if (!isClaims(payload)) return null;
  const now = Math.floor(clock.now().getTime() / 1000);
  return payload.exp > now && payload.iat <= now + 60 ? payload : null;
}
