import { describe, expect, test } from 'vitest';
import { SEARCH_SCREENS } from './facets';
import { commitmentLabel, industryLabels, labelsOf, matchPercent, reasonSentence, resultCount, skillVocabulary } from './labels';

describe('labels', () => {
  test('turn vocabulary keys into words, and show an unknown key as itself', () => {
    expect(labelsOf(skillVocabulary('founder'), ['engineering', 'sales-marketing'])).toEqual(['Engineering', 'Sales and marketing']);
    expect(labelsOf(skillVocabulary('advisor'), ['go-to-market'])).toEqual(['Go-to-market']);
    expect(industryLabels(['fintech', 'space'])).toEqual(['Fintech', 'space']);
    expect(commitmentLabel('full-time')).toBe('Full time');
    expect(commitmentLabel(null)).toBeNull();
  });

  test('do not read inherited object keys as labels', () => {
    expect(labelsOf(skillVocabulary('founder'), ['constructor'])).toEqual(['constructor']);
  });
});

describe('resultCount', () => {
  test('says how many members were found, with the noun agreeing', () => {
    expect(resultCount(SEARCH_SCREENS.founder, 128)).toBe('128 founders');
    expect(resultCount(SEARCH_SCREENS.advisor, 1)).toBe('1 advisor');
    expect(resultCount(SEARCH_SCREENS.founder, 0)).toBe('No founders');
    expect(resultCount(SEARCH_SCREENS.founder, 10000)).toBe('10,000 founders');
    expect(resultCount(SEARCH_SCREENS.founder, 1000, true)).toBe('1,000+ founders');
    expect(resultCount(SEARCH_SCREENS.advisor, 1, true)).toBe('1+ advisors');
  });
});

describe('match words', () => {
  test('round the score into 0–100', () => {
    expect(matchPercent(86.6)).toBe(87);
    expect(matchPercent(140)).toBe(100);
    expect(matchPercent(-3)).toBe(0);
    expect(matchPercent(Number.NaN)).toBe(0);
  });

  test('start a reason with a capital letter', () => {
    expect(reasonSentence('complements your skills: engineering')).toBe('Complements your skills: engineering');
    expect(reasonSentence(' Both full time')).toBe('Both full time');
  });
});
