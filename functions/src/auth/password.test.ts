import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_SCRYPT, parsePasswordHash, passwordProblem, scryptHasher, verifyPassword } from './password';

// Cheap parameters where the test is about the format, not the cost.
const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('runs scrypt inside workerd with the OWASP parameters and reports what one hash costs', async () => {
    const started = performance.now();
    const stored = await hashPassword('correct horse battery');
    const elapsed = performance.now() - started;
    // Recorded in docs/security.md; printed, never asserted (machines differ).
    console.log(`one scrypt hash (N=${OWASP_SCRYPT.N}, r=${OWASP_SCRYPT.r}, p=${OWASP_SCRYPT.p}) took ${elapsed.toFixed(0)} ms`);
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('gives the same password a different salt every time', async () => {
    const [first, second] = await Promise.all([hashPassword('same password', FAST), hashPassword('same password', FAST)]);
    expect(first).not.toBe(second);
  });

  it('refuses a wrong password', async () => {
    const stored = await hashPassword('right password', FAST);
    expect(await verifyPassword('wrong password', stored)).toBe(false);
  });

  it('reads the parameters from the stored hash so they can be raised later', async () => {
    const stored = await hashPassword('older hash', FAST);
    expect(parsePasswordHash(stored)?.params).toEqual(FAST);
    expect(await verifyPassword('older hash', stored)).toBe(true);
    expect(scryptHasher().needsRehash(stored)).toBe(true);
    expect(scryptHasher(FAST).needsRehash(stored)).toBe(false);
  });

  it('never truncates: two 128-character passwords that differ only in their last character do not match (ASVS 2.1.3)', async () => {
    const long = `${'y'.repeat(127)}a`;
    const stored = await hashPassword(long, FAST);
    expect(await verifyPassword(long, stored)).toBe(true);
    expect(await verifyPassword(`${'y'.repeat(127)}b`, stored)).toBe(false);
    expect(await verifyPassword('y'.repeat(127), stored)).toBe(false);
  });

  it('hashes and verifies any printable Unicode: spaces, emoji, other scripts and apostrophes', async () => {
    const password = "ねこ が すき 🐈 O'Hara  Ünïcödé";
    const stored = await hashPassword(password, FAST);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword(password.replace('🐈', '🐕'), stored)).toBe(false);
  });

  it('treats tampered or foreign hashes as a mismatch instead of throwing', async () => {
    const stored = await hashPassword('tamper proof', FAST);
    const tampered = stored.replace(/\$([^$]+)$/, (_, key: string) => `$${key.startsWith('A') ? 'B' : 'A'}${key.slice(1)}`);
    expect(await verifyPassword('tamper proof', tampered)).toBe(false);
    expect(await verifyPassword('x', '$2b$10$abcdefghijklmnopqrstuv')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(parsePasswordHash('scrypt$16384$8$5$$')).toBeNull();
  });
});

describe('the password policy', () => {
  it('accepts 12 to 128 characters of anything, with no composition rules', () => {
    expect(passwordProblem('plain lowercase words', 'ada@example.com')).toBeNull();
    expect(passwordProblem('demo-password-2026', 'ada@example.com')).toBeNull();
    expect(passwordProblem('x'.repeat(128), 'ada@example.com')).toBeNull();
  });

  it('permits 64-character passphrases of any printable Unicode, spaces and emoji included (ASVS 2.1.2, 2.1.4)', () => {
    const passphrase = 'ねこ が すき 🐈 and a long walk by the river, twice a day, every day ✨ ok!';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    expect(passwordProblem(passphrase, 'ada@example.com')).toBeNull();
    expect(passwordProblem("O'Hara's    spaced   out", 'ada@example.com')).toBeNull();
  });

  it('refuses passwords that are too short or too long', () => {
    expect(passwordProblem('abcdefghijk', 'ada@example.com')).toBe('must be at least 12 characters');
    expect(passwordProblem('x'.repeat(129), 'ada@example.com')).toBe('must be at most 128 characters');
  });

  it('refuses the account email as the password, whatever its case', () => {
    expect(passwordProblem('Ada@Example.com', 'ada@example.com')).toBe('must not be your email address');
  });

  it('refuses a common or breached password, whatever its case', () => {
    for (const common of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y']) {
      expect(passwordProblem(common, 'ada@example.com')).toMatch(/^is too common/);
    }
  });
});
