// Password hashes for bench members, in the stored form functions/src/auth/password.ts
// writes and verifies (`scrypt$N$r$p$salt$hash`, OWASP's N=2^14, r=8, p=5, 16-byte salt,
// 32-byte key). The benches cannot import that module under plain Node (it imports its
// common-password list without a file extension); a wrong form fails each bench's sign-in.
import { randomBytes, scryptSync } from 'node:crypto';

const N = 2 ** 14;
const r = 8;
const p = 5;

/** A stored-form scrypt hash of `password`. */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 128 * N * r * 2 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}
