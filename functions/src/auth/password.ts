/**
 * Password hashing with scrypt (node:crypto through nodejs_compat), in the OWASP
 * configuration that fits a Worker's 128 MB: N=2^14 (16 MiB), r=8, p=5, 32-byte key,
 * 16-byte salt. The stored form carries its parameters, `scrypt$N$r$p$salt$hash`, so
 * they can be raised later without invalidating existing hashes.
 * See docs/security.md, "Password hashing", for the measured cost.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../deps';
import { isCommonPassword } from './common-passwords';

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP Password Storage Cheat Sheet: one of the equivalent scrypt settings. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 14, r: 8, p: 5 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** ASVS 2.1.1. Older, shorter passwords keep signing in: only new ones are checked. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** scrypt needs 128·N·r bytes; leave headroom over node's 32 MiB default ceiling. */
function maxmemFor({ N, r }: ScryptParams): number {
  return 128 * N * r * 2;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...params, maxmem: maxmemFor(params) }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password into the self-describing stored form. */
export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

type ParsedHash = { params: ScryptParams; salt: Buffer; key: Buffer };

/** Reads a stored hash; null when it is not one this module wrote. */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  const valid = [N, r, p].every((n) => Number.isInteger(n) && n! > 0) && (N! & (N! - 1)) === 0 && salt.length > 0 && key.length > 0;
  return valid ? { params: { N: N!, r: r!, p: p! }, salt, key } : null;
}

/** Checks a password against a stored hash in constant time; false for unreadable hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** The production PasswordHasher (OWASP parameters unless told otherwise). */
export function scryptHasher(params: ScryptParams = OWASP_SCRYPT): PasswordHasher {
  return {
    hash: (password) => hashPassword(password, params),
    verify: verifyPassword,
    needsRehash(stored) {
      const parsed = parsePasswordHash(stored);
      return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
    },
  };
}

/**
 * The policy problem with a new password, or null. OWASP ASVS 2.1: length (12–128), no
 * composition rules; besides length, the account's own email and the common and breached
 * passwords of 2.1.7 are refused.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'must not be your email address';
  if (isCommonPassword(password)) return 'is too common: it is on the list of the most used and leaked passwords';
  return null;
}
