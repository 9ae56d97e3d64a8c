/**
 * One-time codes. Email verification uses 6 digits (typed by hand, valid 10 minutes:
 * the code signs a new member in, so it lives no longer than ASVS 2.7.2 allows);
 * password reset uses 32 random bytes in base64url (only ever clicked, valid 1 hour).
 * Only their SHA-256 is stored, so a database leak does not hand out live codes.
 */
import type { CodePurpose } from '../db/schema';

/** How long each kind of code stays valid. */
export const CODE_LIFETIME_SECONDS: Record<CodePurpose, number> = {
  'verify-email': 10 * 60,
  'reset-password': 60 * 60,
};

/**
 * Wrong guesses a verification code takes: the fifth kills it and the member asks for a
 * new one. With resends limited per address, that is a few dozen guesses an hour at most
 * against a million possible codes.
 */
export const WRONG_GUESSES_PER_CODE = 5;

const UINT32_RANGE = 2 ** 32;
const SIX_DIGITS = 1_000_000;
// Draws at or above this bound are rejected so that every code is equally likely.
const UNBIASED_BOUND = UINT32_RANGE - (UINT32_RANGE % SIX_DIGITS);

/** A uniformly random six-digit code, leading zeros kept ("004217"). */
export function newVerificationCode(): string {
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= UNBIASED_BOUND);
  return String(draw[0]! % SIX_DIGITS).padStart(6, '0');
}

/** A reset code: 32 random bytes, base64url without padding (43 characters). */
export function newResetCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString('base64url');
}

/** The stored form of a code: SHA-256, lowercase hex. */
export async function hashCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
