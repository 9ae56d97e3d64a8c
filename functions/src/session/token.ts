/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET, valid for 7 days (docs/product.md#sessions).
 * Claims: `sub` and `id` (the user id), `role` (userRole), `ver` (the user's token_version:
 * bumping it signs out every session), `sid` (the server-side session, session/sessions.ts:
 * ending it signs this token out), `iat`, `exp`. Signing and verifying are jose's; times are
 * checked against the injected clock, so that expiry can be tested.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import { ConfigurationError } from '../errors';

export const TOKEN_LIFETIME_SECONDS = 604_800;

export type TokenClaims = { sub: string; id: string; role: string; ver: number; sid: string; iat: number; exp: number };

/** What a token is signed for: its session (`sid`) and its issue and expiry times, in seconds. */
export type TokenTerm = Pick<TokenClaims, 'sid' | 'iat' | 'exp'>;

const encoder = new TextEncoder();

/** The HMAC key bytes of JWT_SECRET; a missing secret is a deployment fault. */
function requireSecret(secret: string | null): Uint8Array {
  if (!secret) {
    throw new ConfigurationError('JWT_SECRET is not set: refusing to sign or verify session tokens. Set it with `wrangler secret put JWT_SECRET`.');
  }
  return encoder.encode(secret);
}

/** The term of a token of session `sid` issued at the clock's current time: 7 days. */
export function tokenTerm(sid: string, clock: Clock): TokenTerm {
  const iat = Math.floor(clock.now().getTime() / 1000);
  return { sid, iat, exp: iat + TOKEN_LIFETIME_SECONDS };
}

/** Signs a token for a user and one of its sessions. */
export async function issueToken(user: { id: string; userRole: string; tokenVersion: number }, term: TokenTerm, secret: string | null): Promise<string> {
  const claims: TokenClaims = { sub: user.id, id: user.id, role: user.userRole, ver: user.tokenVersion, ...term };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(requireSecret(secret));
}

function isClaims(payload: Record<string, unknown>): payload is TokenClaims {
  return (
    typeof payload.sub === 'string' && typeof payload.ver === 'number' && typeof payload.sid === 'string' && typeof payload.iat === 'number' && typeof payload.exp === 'number'
  );
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
