import { describe, expect, it } from 'vitest';
import { profilePath } from './paths';

describe('profile address', () => {
  it('puts founders under /founder and advisors under /advisor', () => {
    expect(profilePath('founder', 'ada-lovelace')).toBe('/founder/ada-lovelace');
    expect(profilePath('advisor', 'helen-park-2')).toBe('/advisor/helen-park-2');
  });
});
