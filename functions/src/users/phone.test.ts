import { describe, expect, it } from 'vitest';
import { PHONE_INPUT_MAX, toE164 } from './phone';

describe('toE164', () => {
  it('stores valid international numbers in E.164, whatever the spacing', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164(' +1 (213) 373-4253 ')).toBe('+12133734253');
    expect(toE164('+33.1.45.45.32.45')).toBe('+33145453245');
    expect(toE164('0049 30 901820')).toBe('+4930901820');
  });

  it('refuses numbers without a country code, too short or too long', () => {
    expect(toE164('020 7946 0958')).toBeNull();
    expect(toE164('+1 213 373')).toBeNull();
    expect(toE164('+44 20 7946 0958 0958 0958')).toBeNull();
    expect(toE164('+999 123 456 789')).toBeNull();
  });

  it('refuses text around a number, letters and blank input', () => {
    expect(toE164('call +44 20 7946 0958')).toBeNull();
    expect(toE164('+1-800-GOT-MILK')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164('   ')).toBeNull();
    expect(toE164(`+44 20 7946 0958${' '.repeat(PHONE_INPUT_MAX)}x`)).toBeNull();
  });
});
