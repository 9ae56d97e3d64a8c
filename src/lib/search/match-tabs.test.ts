import { describe, expect, test } from 'vitest';
import { matchTabFromQuery, matchTabHref, matchTabs } from './match-tabs';

describe('match tabs', () => {
  test('give founders co-founders then advisors, and advisors the founders they could help', () => {
    expect(matchTabs('founder').map((tab) => [tab.key, tab.memberType])).toEqual([
      ['cofounders', 'founder'],
      ['advisors', 'advisor'],
    ]);
    expect(matchTabs('advisor').map((tab) => [tab.key, tab.memberType])).toEqual([['founders', 'founder']]);
  });

  test('read the section from the address, falling back to the first of the viewer’s', () => {
    expect(matchTabFromQuery('founder', 'advisors').key).toBe('advisors');
    expect(matchTabFromQuery('founder', 'nonsense').key).toBe('cofounders');
    expect(matchTabFromQuery('advisor', 'advisors').key).toBe('founders');
  });

  test('keep the first section’s address bare', () => {
    const [cofounders, advisors] = matchTabs('founder');
    expect(matchTabHref('founder', cofounders!)).toBe('/matching');
    expect(matchTabHref('founder', advisors!)).toBe('/matching?tab=advisors');
  });
});
