import { describe, expect, it } from 'vitest';
import { hashCode, newResetCode, newVerificationCode } from './codes';

describe('one-time codes', () => {
  it('makes verification codes of exactly six digits, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, newVerificationCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // With 2000 draws, a code below 100000 shows up with near certainty if zeros are kept.
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('makes reset codes of 32 random bytes in base64url', () => {
    const code = newResetCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(newResetCode()).not.toBe(code);
  });

  it('stores codes as their SHA-256 in lowercase hex', async () => {
    expect(await hashCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
