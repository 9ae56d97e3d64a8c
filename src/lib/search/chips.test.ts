import { describe, expect, test } from 'vitest';
import { filterChips, UNKNOWN_CITY_LABEL } from './chips';
import { SEARCH_SCREENS } from './facets';
import { parseFilters } from './query';

const founders = SEARCH_SCREENS.founder;

describe('filterChips', () => {
  const filters = parseFilters(founders, new URLSearchParams('q=pricing&skills=engineering&skills=design&stage=prototype&technical=false&remote=true&city=7&page=4'));

  test('names each active filter in words, in the order of the form', () => {
    expect(filterChips(founders, filters, 'Lagos, Nigeria').map((chip) => chip.label)).toEqual([
      '“pricing”',
      'Engineering',
      'Design',
      'Background: Non-technical',
      'Idea stage: A prototype',
      'Open to remote',
      'Lagos, Nigeria',
    ]);
  });

  test('links each chip to the same search without it, back on page 1', () => {
    const hrefs = Object.fromEntries(filterChips(founders, filters, null).map((chip) => [chip.label, chip.href]));
    expect(hrefs.Design).toBe('/founders?q=pricing&skills=engineering&technical=false&stage=prototype&remote=true&city=7');
    expect(hrefs['“pricing”']).toBe('/founders?skills=engineering&skills=design&technical=false&stage=prototype&remote=true&city=7');
    expect(hrefs[UNKNOWN_CITY_LABEL]).toBe('/founders?q=pricing&skills=engineering&skills=design&technical=false&stage=prototype&remote=true');
  });

  test('gives no chips for an empty search', () => {
    expect(filterChips(founders, parseFilters(founders, new URLSearchParams()), null)).toEqual([]);
  });
});
